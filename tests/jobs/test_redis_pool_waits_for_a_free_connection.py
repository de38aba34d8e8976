"""More threads than Redis connections: a command waits for a free connection instead of
failing with "Too many connections" (redis-py's default pool refuses its 101st connection; a
worker with 300 threads met it in the 278-job benchmark)."""

import threading
import time

import redis

from jobs.runtime.redis_client import make_pool


def test_a_command_waits_for_the_connection_another_thread_holds():
    pool = make_pool(max_connections=1, timeout=5)
    client = redis.Redis(connection_pool=pool)
    held = pool.get_connection()
    released = threading.Event()

    def give_back():
        time.sleep(0.3)
        pool.release(held)
        released.set()

    threading.Thread(target=give_back).start()
    started = time.monotonic()
    assert client.ping() is True
    assert released.is_set() and time.monotonic() - started >= 0.25
    pool.disconnect()


def test_the_service_pool_is_sized_by_the_setting(settings):
    pool = make_pool(settings.REDIS_MAX_CONNECTIONS, settings.REDIS_POOL_TIMEOUT_SECONDS)
    assert isinstance(pool, redis.BlockingConnectionPool)
    assert pool.max_connections == settings.REDIS_MAX_CONNECTIONS == 200
    pool.disconnect()

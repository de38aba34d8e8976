"""A repeated fetch is free: the page cache (keyed by the normalised URL's hash) answers it
without an HTTP request until it expires. And within one job no page is claimed twice: the
sources table's (job, url_hash) constraint is the shared set of fetched URLs."""

from datetime import timedelta

import pytest
from django.utils import timezone

from agents.search_worker import SearchTurn
from agents.sources import pages
from agents.sources.urls import url_hash
from jobs.models import PageCache, Source
from jobs.runtime.steps import RunContext
from jobs.stages.research import worker_for
from tests.factories import JobFactory, SubQuestionFactory
from tests.local_http import LocalServer, Reply

PAGE = (
    "<html><head><title>Norvik signs Borealis</title></head><body><article><h1>Norvik signs Borealis</h1>"
    "<p>Norvik Electric added Borealis Power Systems as an LFP cell supplier in June 2024, the company said.</p>"
    "</article></body></html>"
)


@pytest.fixture
def web(settings):
    with LocalServer({"/press/borealis": Reply(body=PAGE)}) as server:
        settings.FETCH_ALLOW_LOOPBACK_HOSTS = [f"127.0.0.1:{server.port}"]
        yield server


def test_a_second_fetch_within_the_ttl_makes_no_http_request(web, db):
    first = pages.get_page(f"{web.url}/press/borealis")
    second = pages.get_page(f"{web.url}/press/borealis")
    assert len(web.hits("/press/borealis")) == 1
    assert (first.from_cache, second.from_cache) == (False, True)
    assert second.content_ref == first.content_ref


def test_the_cache_is_keyed_by_the_normalised_url(web, db):
    pages.get_page(f"{web.url}/press/borealis")
    again = pages.get_page(f"{web.url}/press/borealis#top")
    assert again.from_cache and len(web.hits("/press/borealis")) == 1


def test_an_expired_entry_is_fetched_again(web, db):
    url = f"{web.url}/press/borealis"
    pages.get_page(url)
    PageCache.objects.filter(url_hash=url_hash(url)).update(expires_at=timezone.now() - timedelta(seconds=1))
    refreshed = pages.get_page(url)
    assert not refreshed.from_cache
    assert len(web.hits("/press/borealis")) == 2
    assert PageCache.objects.get(url_hash=url_hash(url)).expires_at > timezone.now()


def test_the_ttl_setting_decides_the_expiry(web, db, settings):
    settings.PAGE_CACHE_TTL_SECONDS = 3600
    url = f"{web.url}/press/borealis"
    page = pages.get_page(url)
    entry = PageCache.objects.get(url_hash=url_hash(url))
    assert entry.expires_at - page.fetched_at == timedelta(seconds=3600)


def _worker(job, sq, urls):
    worker = worker_for(RunContext(job=job, epoch=job.epoch), sq)
    for url in urls:
        worker.results_seen[url] = {
            "url": url,
            "domain": "northern-ledger.example",
            "title": "Norvik signs Borealis",
            "quality": 0.6,
        }
    return worker


def test_a_page_is_one_source_of_the_job_and_every_worker_may_read_it_once(db):
    job = JobFactory()
    first_sq, second_sq = SubQuestionFactory(job=job), SubQuestionFactory(job=job)
    url = "https://northern-ledger.example/business/norvik-skarv-borealis"
    # The later sub-question asks first: who asks first changes nothing it or the other sees.
    variant = "https://Northern-Ledger.example/business/norvik-skarv-borealis#section-2"
    second_worker = _worker(job, second_sq, [variant])
    second = second_worker._tool_read(1, SearchTurn(turn=1, tool="fetch_pages"), {"urls": [variant]})
    first = _worker(job, first_sq, [url])._tool_read(1, SearchTurn(turn=1, tool="fetch_pages"), {"urls": [url]})
    assert first.claimed == [url] and first.skipped == [] and not first.error
    assert second.claimed == [variant] and second.skipped == [] and not second.error
    # The same page under another spelling (fragment, upper-case host) is the same page: one row,
    # named for the lowest sub-question that reads it.
    source = Source.objects.get(job=job)
    assert source.sq_id == first_sq.pk
    # A worker never reads a page twice.
    second_worker._absorb(second)
    again = second_worker._tool_read(2, SearchTurn(turn=2, tool="fetch_pages"), {"urls": [variant]})
    assert again.claimed == [] and again.skipped == [variant]
    assert "You have read every page you chose" in again.error


def test_another_job_may_read_the_same_url(db):
    url = "https://northern-ledger.example/business/norvik-skarv-borealis"
    for job in (JobFactory(), JobFactory()):
        sq = SubQuestionFactory(job=job)
        assert _worker(job, sq, [url])._tool_read(
            1, SearchTurn(turn=1, tool="fetch_pages"), {"urls": [url]}
        ).claimed == [url]

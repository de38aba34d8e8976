"""A worker runs several jobs in threads of one process. Stemming there must give each word its
own stem whatever the other threads do: a shared snowball stemmer gave "electric" the stem of
"supplies", the cache kept it, and the same question was planned differently by chance."""

import sys
import threading

import snowballstemmer

from agents import text as tx
from jobs import evaluation

WORDS = (
    "supplies supplier suppliers delivered deliveries largest electric manufacturing companies batteries "
    "agreement headquartered chemistry capacity installations"
).split()


def _stems_in_threads(stem, threads=8, repeats=300):
    truth = {w: snowballstemmer.stemmer("english").stemWord(w) for w in WORDS}
    wrong, errors = [], []

    def run():
        try:
            for _ in range(repeats):
                for w in WORDS:
                    if stem(w) != truth[w]:
                        wrong.append(w)
        except (IndexError, ValueError, TypeError) as exc:  # a shared stemmer also fails mid-word
            errors.append(exc)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible: the race shows at once
    try:
        workers = [threading.Thread(target=run) for _ in range(threads)]
        for t in workers:
            t.start()
        for t in workers:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    return wrong, errors


def test_the_engines_stemmer_gives_every_thread_the_right_stems():
    wrong, errors = _stems_in_threads(tx.stem.__wrapped__)  # uncached: every call stems
    assert (wrong, errors) == ([], [])


def test_the_evaluations_stemmer_gives_every_thread_the_right_stems():
    wrong, errors = _stems_in_threads(evaluation._stem)
    assert (wrong, errors) == ([], [])


def test_a_shared_stemmer_is_what_goes_wrong():
    # The check above can fail: one stemmer shared by the threads gets stems wrong.
    shared = snowballstemmer.stemmer("english")
    wrong, errors = _stems_in_threads(shared.stemWord)
    assert wrong or errors

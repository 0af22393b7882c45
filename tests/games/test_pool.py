"""The worker processes (games/pool.py): the order of the queue, a worker
that dies mid-task, workers that cannot start, and no worker outliving its
parent, even when the parent is killed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from games.pool import Pool, PoolBroken, PoolClosed, WorkerDied, default_size
from tests.games import pool_tasks
from tests.procs import HAS_PROC, alive, children

ROOT = Path(__file__).resolve().parents[2]


def until(check, timeout: float = 30.0, what: str = ""):
    end = time.monotonic() + timeout
    while not (value := check()):
        assert time.monotonic() < end, f"timed out waiting for {what or check}"
        time.sleep(0.01)
    return value


def test_while_every_worker_is_busy_the_lowest_key_goes_first():
    with Pool(1) as pool:
        busy = pool.submit(pool_tasks.slow, 0.5, key=0)
        until(lambda: pool.figures().busy == 1, what="the worker to take the first task")
        later = {key: pool.submit(pool_tasks.started, key=key) for key in (3.0, 1.0, 2.0)}
        assert pool.figures().queued == 3
        busy.result(30)
        began = {key: f.result(30) for key, f in later.items()}
        assert sorted(began, key=began.get) == [1.0, 2.0, 3.0]
        assert pool.figures().queued_most == 3


def test_a_task_answers_its_value_or_raises_its_error_with_the_workers_traceback():
    with Pool(1) as pool:
        assert pool.submit(pool_tasks.pid).result(30) != os.getpid()
        with pytest.raises(ValueError, match="no such card") as e:
            pool.submit(pool_tasks.fail, "no such card").result(30)
        assert "in a worker process" in e.value.__notes__[0]


def test_a_worker_killed_mid_task_is_replaced_and_its_task_answered_by_another():
    with Pool(1) as pool:
        task = pool.submit(pool_tasks.slow, 1.0)
        until(lambda: pool.figures().busy == 1, what="the task to start")
        victim = pool.pids()[0]
        os.kill(victim, signal.SIGKILL)
        answered_by = task.result(30)
        assert answered_by != victim
        f = pool.figures()
        assert (f.deaths, f.retried, f.failed) == (1, 1, 0)
        assert pool.pids() == [answered_by]  # replaced: the pool is its size again


def test_a_task_whose_worker_dies_twice_fails_and_the_pool_goes_on():
    with Pool(1) as pool:
        with pytest.raises(WorkerDied):
            pool.submit(pool_tasks.die).result(30)
        assert pool.submit(pool_tasks.pid).result(30) > 0
        f = pool.figures()
        assert (f.deaths, f.retried, f.failed, f.broken) == (2, 1, 1, False)


def test_workers_that_cannot_start_break_the_pool_once_not_in_a_loop(caplog):
    with Pool(1, initializer=pool_tasks.exit_now) as pool:
        with pytest.raises(PoolBroken):
            pool.submit(pool_tasks.pid).result(60)
        with pytest.raises(PoolBroken):
            pool.submit(pool_tasks.pid)
        assert pool.figures().broken and pool.figures().deaths == 3
    assert [r.levelname for r in caplog.records if "before they were ready" in r.message] == [
        "ERROR"]


def test_workers_run_at_the_niceness_asked_the_parent_at_its_own():
    mine = os.nice(0)
    with Pool(1) as plain, Pool(1, nice=3) as lowered:
        assert plain.submit(pool_tasks.niceness).result(60) == mine
        assert lowered.submit(pool_tasks.niceness).result(60) == min(19, mine + 3)
    assert os.nice(0) == mine


def test_close_lets_running_tasks_answer_and_fails_the_queued_ones():
    pool = Pool(1)
    running = pool.submit(pool_tasks.slow, 0.3)
    until(lambda: pool.figures().busy == 1, what="the task to start")
    queued = pool.submit(pool_tasks.pid)
    pool.close(timeout=10)
    assert running.result(0) > 0
    with pytest.raises(PoolClosed):
        queued.result(0)
    with pytest.raises(PoolClosed):
        pool.submit(pool_tasks.pid)
    assert pool.pids() == []


def test_the_default_size_is_one_worker_per_core(monkeypatch):
    for cores, size in ((1, 1), (2, 2), (8, 8)):
        monkeypatch.setattr(os, "sched_getaffinity", lambda _pid, n=cores: set(range(n)))
        assert default_size() == size


@pytest.mark.skipif(not HAS_PROC, reason="reads /proc")
def test_sigkill_of_the_parent_leaves_no_worker_behind_even_mid_task():
    script = textwrap.dedent("""
        import sys, time
        from games.pool import Pool
        from tests.games import pool_tasks
        pool = Pool(2)
        tasks = [pool.submit(pool_tasks.slow, 60) for _ in range(2)]
        while pool.figures().busy < 2:
            time.sleep(0.01)
        print("busy", flush=True)
        time.sleep(120)
    """)
    parent = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT, stdout=subprocess.PIPE,
                              text=True)
    try:
        assert parent.stdout is not None and parent.stdout.readline().strip() == "busy"
        kids = children(parent.pid)
        assert len(kids) >= 2  # the two workers (and multiprocessing's resource tracker)
        parent.kill()
        parent.wait(10)
        until(lambda: not any(alive(c) for c in kids), timeout=10,
              what="the workers to end with their parent")
    finally:
        if parent.poll() is None:
            parent.kill()


def _leave_a_pool_open(out) -> None:
    """A multiprocessing child that starts workers and never closes them."""
    pool = Pool(1)
    out.put(pool.submit(pool_tasks.pid).result(60))


def test_a_child_process_that_leaves_a_pool_open_still_ends_and_spares_its_parents():
    import multiprocessing as mp

    with Pool(1) as mine:
        my_worker = mine.submit(pool_tasks.pid).result(60)
        fork = mp.get_context("fork")  # as a ProcessPoolExecutor's worker is made
        out = fork.Queue()
        child = fork.Process(target=_leave_a_pool_open, args=(out,))
        child.start()
        try:
            its_worker = out.get(timeout=60)
            child.join(30)  # multiprocessing joins the child's children as it ends
            assert child.exitcode == 0, "the child hung on its workers"
            until(lambda: not alive(its_worker), timeout=10, what="the child's worker to end")
            assert alive(my_worker) and mine.submit(pool_tasks.pid).result(30) == my_worker
        finally:
            if child.is_alive():
                child.kill()  # its worker's lifeline ends it too
                child.join(10)

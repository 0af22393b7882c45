"""Worker processes for CPU-bound work: the computers' moves in the bot and in
`paiju play`, whole runs of hands in `paiju simulate --jobs`.

- **Spawned**, never forked: each worker is a fresh interpreter, so nothing
  of the parent's threads (the bot's DB thread, aiohttp's connector, the
  scheduler) is copied in whatever state it was in. Each runs `initializer`
  once (the engines imported), then one task at a time. Unlike other
  spawned processes, a worker does not import the parent's `__main__`
  (pytest, a bench, a script: importing one that loads the bot took a
  worker 27 s to start on a loaded machine, against 1.3 s): its tasks are
  functions of importable modules.
- **Queued by key**: tasks wait in the parent, lowest `key` first (the bot
  passes when the turn began to wait, so the turn that has waited longest
  goes first), and a task goes to a worker only when that worker is free.
- **A worker that dies is replaced**, and the task it held is tried once
  more on another worker; after that its future fails with `WorkerDied`.
  Workers that die before they are ready, three times in a row, break the
  pool (`PoolBroken`, logged once): a host whose workers cannot start gets
  an answer at once, not a loop of restarts.
- **No orphans**: every worker holds the read end of a pipe that only the
  parent can write (the lifeline). When the parent is gone, even by
  SIGKILL, the pipe closes and a thread in the worker ends it at once.
  Workers ignore SIGINT and SIGTERM: a Ctrl-C in a terminal, or a stop that
  signals the whole process group, reaches the parent, which closes the pool.
- **Below the parent's priority** when asked (`nice`): a worker busy
  thinking then yields the core to the parent's event loop the moment it
  has work, so a host may run as many workers as cores.
- **One thread in the parent** sends the tasks and receives the answers
  (`multiprocessing.connection.wait` on the workers' pipes and sentinels);
  callers only queue a task and wait on its future, so the bot's event loop
  never blocks on a worker.
"""

from __future__ import annotations

import heapq
import itertools
import logging
import multiprocessing as mp
import multiprocessing.connection as mpc
import multiprocessing.spawn
import multiprocessing.util
import os
import pickle
import signal
import threading
import time
import traceback
import weakref
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger(__name__)

RETRIES = 1  # a task whose worker died is tried this many times more
EARLY_DEATHS = 3  # workers dead before ready, in a row, that break the pool
WAITS_KEPT = 2000  # recent queue waits kept for the figures


class WorkerDied(RuntimeError):
    """The task's worker died, again after its retry."""


class PoolBroken(WorkerDied):
    """Workers die before they are ready: the pool takes no more tasks."""


class PoolClosed(RuntimeError):
    """The pool is closed or closing: the task was not run."""


def default_size() -> int:
    """One worker per core this process may use. The workers run below the
    bot's priority (games/thinking.py `WORKER_NICE`), so the bot's event
    loop goes first for a core without one left idle for it: on 2 cores one
    worker left the search short of the 1.2 cores 60 掀牛 tables ask, and two
    gave it more without slowing a press (docs/SCALING.md)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return max(1, cores)


@dataclass(order=True)
class _Task:
    key: float
    n: int
    fn: Callable[..., Any] = field(compare=False)
    args: tuple[Any, ...] = field(compare=False)
    future: Future[Any] = field(compare=False)
    queued: float = field(compare=False)  # time.monotonic() when submitted
    tries: int = field(default=0, compare=False)


@dataclass(eq=False)
class _Worker:
    proc: Any  # multiprocessing's SpawnProcess
    conn: mpc.Connection
    started: float
    ready: bool = False
    told_to_stop: bool = False
    task: _Task | None = None


@dataclass
class Figures:
    """A moment of the pool: how many workers, how busy, how long the queue."""

    size: int = 0  # workers wanted
    alive: int = 0  # worker processes running
    busy: int = 0  # of those, running a task
    queued: int = 0  # tasks waiting for a worker now
    queued_most: int = 0  # the most that waited at once since the last `figures(reset=True)`
    done: int = 0  # tasks answered by a worker
    deaths: int = 0  # workers that died (and were replaced)
    retried: int = 0  # tasks tried again after their worker died
    failed: int = 0  # tasks whose worker died twice
    broken: bool = False
    waits: list[float] = field(default_factory=list)  # recent queue waits, seconds


class Pool:
    def __init__(
        self,
        size: int,
        initializer: Callable[..., Any] | None = None,
        initargs: tuple[Any, ...] = (),
        name: str = "paiju-worker",
        nice: int = 0,
    ) -> None:
        self.size = max(1, size)
        self.initializer = initializer
        self.initargs = initargs
        self.name = name
        self.nice = nice  # added to each worker's niceness (lower priority)
        self._ctx = mp.get_context("spawn")
        self._lock = threading.Lock()
        self._queue: list[_Task] = []
        self._numbers = itertools.count()
        self._workers: list[_Worker] = []
        self._thread: threading.Thread | None = None
        self._closing = False
        self._close_by = 0.0
        self._broken = False
        self._early_deaths = 0
        self._to_spawn = 0  # workers to start, outside the lock
        self._figures = Figures(size=self.size)
        self._waits: deque[float] = deque(maxlen=WAITS_KEPT)
        self._wake_r, self._wake_w = -1, -1
        self._lifeline: tuple[mpc.Connection, mpc.Connection] | None = None

    # -- what callers use --------------------------------------------------
    def submit(self, fn: Callable[..., Any], *args: Any, key: float | None = None) -> Future[Any]:
        """Run `fn(*args)` in a worker (fn and args must pickle; fn is a
        module-level function). Lower `key` goes first; by default, in the
        order submitted. Starts the workers on first use."""
        future: Future[Any] = Future()
        now = time.monotonic()
        with self._lock:
            if self._closing:
                raise PoolClosed("the pool is closed")
            if self._broken:
                raise PoolBroken("the pool's workers die before they are ready")
            n = next(self._numbers)
            task = _Task(now if key is None else key, n, fn, args, future, now)
            heapq.heappush(self._queue, task)
            self._figures.queued_most = max(self._figures.queued_most, len(self._queue))
            self._start()
        self._wake()
        return future

    def start(self) -> None:
        """Start the workers now rather than at the first task (they take a
        moment to import the engines)."""
        with self._lock:
            if not self._closing:
                self._start()

    def figures(self, reset: bool = False) -> Figures:
        """How the pool is doing now; `reset` starts `queued_most` and the
        recent waits afresh (a report every minute)."""
        with self._lock:
            f = self._figures
            out = Figures(
                size=self.size, alive=len(self._workers),
                busy=sum(w.task is not None for w in self._workers), queued=len(self._queue),
                queued_most=f.queued_most, done=f.done, deaths=f.deaths, retried=f.retried,
                failed=f.failed, broken=self._broken, waits=list(self._waits),
            )
            if reset:
                f.queued_most = len(self._queue)
                self._waits.clear()
            return out

    def pids(self) -> list[int]:
        with self._lock:
            return [w.proc.pid for w in self._workers if w.proc.pid is not None]

    def close(self, timeout: float = 10.0) -> None:
        """Stop: tasks still queued fail with PoolClosed; each worker finishes the
        task it holds (its answer is delivered) and exits; after `timeout`
        seconds the ones left are killed. Safe to call twice, or unstarted."""
        with self._lock:
            if self._closing:
                thread = self._thread
            else:
                self._closing = True
                self._close_by = time.monotonic() + timeout
                self._fail_queued(PoolClosed("the pool closed before the task ran"))
                thread = self._thread
        if thread is None:
            return
        self._wake()
        if thread is not threading.current_thread():
            thread.join()

    def __enter__(self) -> Pool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close(timeout=0 if exc[0] is not None else 10.0)

    # -- the parent's thread ------------------------------------------------
    def _start(self) -> None:
        """Under the lock: the dispatcher thread, which spawns the workers."""
        if self._thread is not None:
            return
        self._wake_r, self._wake_w = os.pipe()
        os.set_blocking(self._wake_w, False)
        self._lifeline = self._ctx.Pipe(duplex=False)  # (read, write): we never write
        self._thread = threading.Thread(target=self._run, name=f"{self.name}-pool", daemon=True)
        self._thread.start()
        _LIVE.add(self)
        _hook_exit()

    def _wake(self) -> None:
        if self._wake_w < 0:
            return
        try:
            os.write(self._wake_w, b".")
        except (BlockingIOError, OSError):
            pass  # already awake (the pipe is full) or closed

    def _run(self) -> None:
        try:
            self._to_spawn = self.size
            while self._step():
                pass
        except Exception:  # a bug here must not leave callers waiting forever
            log.exception("%s pool stopped", self.name)
            with self._lock:
                self._broken = True
                self._fail_queued(PoolBroken("the pool stopped"))
                for w in self._workers:
                    if w.task is not None and not w.task.future.done():
                        w.task.future.set_exception(PoolBroken("the pool stopped"))
        finally:
            self._shut()

    def _step(self) -> bool:
        """Start the workers wanted, send what can go, wait for an answer, a
        death or a wake-up; False once closing has finished."""
        while self._to_spawn > 0 and not self._closing:
            self._to_spawn -= 1
            worker = self._spawn()  # outside the lock: submit() never waits on a fork
            with self._lock:
                self._workers.append(worker)
        with self._lock:
            if self._closing:
                self._stop_idle()
                if not self._workers:
                    return False
                if time.monotonic() >= self._close_by:
                    for w in self._workers:
                        w.proc.kill()  # they ignore SIGTERM
            else:
                self._dispatch()
            waits: list[Any] = [self._wake_r]
            for w in self._workers:
                waits += [w.conn, w.proc.sentinel]
            timeout = max(0.0, self._close_by - time.monotonic()) if self._closing else None
        ready = mpc.wait(waits, timeout)
        with self._lock:
            if self._wake_r in ready:
                os.read(self._wake_r, 4096)
            for w in list(self._workers):
                if w.conn in ready:
                    self._receive(w)
            for w in list(self._workers):
                if w.proc.sentinel in ready and w in self._workers:
                    self._died(w)
        return True

    def _spawn(self) -> _Worker:
        assert self._lifeline is not None
        parent, child = self._ctx.Pipe()
        proc = self._ctx.Process(
            target=_worker_main, name=_WORKER + self.name, daemon=True,
            args=(child, self._lifeline[0], self.initializer, self.initargs, self.nice),
        )
        proc.start()
        child.close()
        return _Worker(proc, parent, time.monotonic())

    def _dispatch(self) -> None:
        while self._queue:
            idle = next((w for w in self._workers if w.ready and w.task is None), None)
            if idle is None:
                return
            task = heapq.heappop(self._queue)
            if task.tries == 0 and not task.future.set_running_or_notify_cancel():
                continue  # cancelled while it waited (a retried task is running already)
            self._waits.append(time.monotonic() - task.queued)
            idle.task = task
            try:
                idle.conn.send((task.n, task.fn, task.args))
            except (pickle.PicklingError, TypeError, AttributeError) as e:
                idle.task = None
                task.future.set_exception(e)
            except OSError:
                self._died(idle)  # gone: its task is tried again

    def _receive(self, w: _Worker) -> None:
        try:
            msg = w.conn.recv()
        except (EOFError, OSError):
            self._died(w)
            return
        if msg == "ready":
            w.ready = True
            self._early_deaths = 0
            return
        n, ok, value = msg
        task, w.task = w.task, None
        if task is None or task.n != n:
            return
        self._figures.done += 1
        if ok:
            task.future.set_result(value)
        else:
            task.future.set_exception(value)

    def _died(self, w: _Worker) -> None:
        self._workers.remove(w)
        w.proc.join(1.0)
        w.conn.close()
        task = w.task
        if self._closing:
            if task is not None and not task.future.done():
                task.future.set_exception(PoolClosed("the pool closed while the task ran"))
            return
        self._figures.deaths += 1
        doing = f"; its task is {'tried again' if task and task.tries < RETRIES else 'lost'}"
        log.warning("%s %s died (exit code %s)%s; a new one starts", self.name, w.proc.pid,
                    w.proc.exitcode, doing if task is not None else "")
        if task is not None and not task.future.done():
            if task.tries < RETRIES:
                task.tries += 1
                self._figures.retried += 1
                heapq.heappush(self._queue, task)
            else:
                self._figures.failed += 1
                task.future.set_exception(WorkerDied(f"its worker died {task.tries + 1} times"))
        if not w.ready:
            self._early_deaths += 1
            if self._early_deaths >= EARLY_DEATHS:
                self._break(w.proc.exitcode)
                return
        self._to_spawn += 1

    def _break(self, exitcode: int | None) -> None:
        log.error("%s: %d workers in a row died before they were ready (exit code %s); "
                  "no more are started", self.name, self._early_deaths, exitcode)
        self._broken = True
        self._fail_queued(PoolBroken("the pool's workers die before they are ready"))

    def _fail_queued(self, error: Exception) -> None:
        """Every queued task ends with `error` (one its caller cancelled is done)."""
        for task in self._queue:
            if not task.future.done():
                task.future.set_exception(error)
        self._queue.clear()

    def _stop_idle(self) -> None:
        for w in self._workers:
            if w.task is None and not w.told_to_stop:
                w.told_to_stop = True
                try:
                    w.conn.send(None)
                except OSError:
                    pass  # already gone: its sentinel says so

    def _shut(self) -> None:
        with self._lock:
            for w in self._workers:
                w.proc.kill()
            workers, self._workers = self._workers, []
        for w in workers:
            w.proc.join(5.0)
            w.conn.close()
        if self._lifeline is not None:
            for end in self._lifeline:
                end.close()
        for fd in (self._wake_r, self._wake_w):
            os.close(fd)
        self._wake_r = self._wake_w = -1
        _LIVE.discard(self)

    def _kill_now(self) -> None:
        """At exit: no worker outlives an unclosed pool (their lifeline would
        also end them, but multiprocessing joins its children first)."""
        with self._lock:
            self._closing = True
            self._close_by = 0.0
            for w in self._workers:
                w.proc.kill()
        self._wake()
        if self._thread is not None:
            self._thread.join(5.0)


_LIVE: weakref.WeakSet[Pool] = weakref.WeakSet()  # this process's pools with workers
# A forked child (a ProcessPoolExecutor's worker) does not own its parent's workers.
os.register_at_fork(after_in_child=_LIVE.clear)
_WORKER = "paiju-worker:"  # the start of our workers' process names
_preparation_data = multiprocessing.spawn.get_preparation_data


def _without_main(name: str) -> dict[str, Any]:
    """What a spawned process is prepared with; for our workers, without
    the parent's main module to import."""
    data = _preparation_data(name)
    if name.startswith(_WORKER):
        data.pop("init_main_from_name", None)
        data.pop("init_main_from_path", None)
    return data


multiprocessing.spawn.get_preparation_data = _without_main


def _close_all() -> None:
    for pool in list(_LIVE):
        pool._kill_now()


_hooked = 0  # the process whose exit kills its pools' workers


def _hook_exit() -> None:
    """Once a process: at its end, before multiprocessing terminates and joins
    its children (which would wait forever on workers that ignore SIGTERM),
    the workers of pools left open are killed. multiprocessing runs these in
    a main process at exit and in its own children as they end (a child
    starts with none: hence once per process, not once per import)."""
    global _hooked
    if _hooked != os.getpid():
        _hooked = os.getpid()
        multiprocessing.util.Finalize(None, _close_all, exitpriority=100)


# -- the worker ---------------------------------------------------------------
def _worker_main(conn: mpc.Connection, lifeline: mpc.Connection,
                 initializer: Callable[..., Any] | None, initargs: tuple[Any, ...],
                 nice: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if nice > 0:
        try:
            os.nice(nice)
        except (AttributeError, OSError):  # not on this system: the same priority
            pass
    threading.Thread(target=_watch, args=(lifeline,), name="lifeline", daemon=True).start()
    if initializer is not None:
        initializer(*initargs)
    conn.send("ready")
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg is None:
            return
        n, fn, args = msg
        try:
            answer = (n, True, fn(*args))
        except BaseException as e:  # the caller gets it, as from a local call
            answer = (n, False, _portable(e))
        try:
            conn.send(answer)
        except (pickle.PicklingError, TypeError, AttributeError) as e:
            conn.send((n, False, _portable(e)))


def _watch(lifeline: mpc.Connection) -> None:
    """The parent is gone when its end of the lifeline closes: end at once."""
    lifeline.poll(None)
    os._exit(0)


def _portable(e: BaseException) -> BaseException:
    """The exception, or a RuntimeError saying what it was if it does not
    pickle; with the worker's traceback as a note."""
    tb = "".join(traceback.format_exception(e))
    try:
        pickle.loads(pickle.dumps(e))
    except Exception:
        e = RuntimeError(f"{type(e).__name__}: {e}")
    e.add_note(f"in a worker process:\n{tb}")
    return e

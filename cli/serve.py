"""`shardify serve dispatcher|worker`: start the tf.data service servers a decode fleet needs, one
line per machine, for `shardify.load(..., service="grpc://HOST:PORT")`.

    shardify serve dispatcher --port 5050                      # on one machine
    shardify serve worker --dispatcher HOST:5050 --port 5051   # on each decoding machine

Each runs in the foreground until stopped (Ctrl-C or SIGTERM) and prints its address on stdout
once serving. The servers are TensorFlow's own (`tf.data.experimental.service`), imported only
here. A worker reads the shards at the paths the trainer gives: local paths must name the same
files on every worker (a shared file system); gs:// and s3:// need no sharing.
"""

from __future__ import annotations

import signal
import socket
import time
from typing import Annotated, Optional

import typer

from shardify.cli.exit_codes import fail
from shardify.cli.help_text import PlainHelpCommand, PlainHelpGroup

__all__ = ["serve_app"]

# How often the foreground wait wakes to let Python see a signal.
SIGNAL_CHECK_SECONDS = 0.2
# The longest heartbeat or worker timeout, a day: TensorFlow takes them as whole milliseconds, and
# `inf` or 1e308 seconds are none (they raised OverflowError after TensorFlow was imported).
MAX_SECONDS = 86_400.0

serve_app = typer.Typer(
    cls=PlainHelpGroup,
    help="Start a tf.data service dispatcher or worker, for shardify.load(..., service=...).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _raise_interrupt(*_: object) -> None:
    raise KeyboardInterrupt


def _stop_on_sigterm() -> None:
    """SIGTERM ends the server as Ctrl-C does."""
    signal.signal(signal.SIGTERM, _raise_interrupt)


def _serve_until_stopped(server: object, address: str) -> None:
    """Serves until Ctrl-C or SIGTERM. The wait is a Python loop, not the server's `join()`: Python
    runs signal handlers only between its own instructions, so a process blocked in `join()` would
    ignore SIGTERM."""
    typer.echo(address)
    try:
        while True:
            time.sleep(SIGNAL_CHECK_SECONDS)
    except KeyboardInterrupt:
        server.stop()  # type: ignore[attr-defined]
        typer.echo("stopped", err=True)


@serve_app.command(cls=PlainHelpCommand)
def dispatcher(
    port: Annotated[int, typer.Option(min=1, max=65535, help="The port to serve on.")] = 5050,
    host: Annotated[str, typer.Option(help="The host name workers and trainers reach this machine by.")] = "",
    work_dir: Annotated[
        Optional[str],
        typer.Option(help="A folder (shared, or gs://) where the dispatcher keeps its journal: it restarts where it stopped."),
    ] = None,
    worker_timeout: Annotated[
        float,
        typer.Option(min=0.1, max=MAX_SECONDS, help="Seconds without a heartbeat before a worker is taken for dead."),
    ] = 10.0,
) -> None:
    """Serve a tf.data service dispatcher; prints grpc://HOST:PORT, the address readers take."""
    _stop_on_sigterm()
    import tensorflow as tf

    config = tf.data.experimental.service.DispatcherConfig(
        port=port,
        work_dir=work_dir,
        fault_tolerant_mode=work_dir is not None,
        worker_timeout_ms=int(worker_timeout * 1000),
    )
    try:
        server = tf.data.experimental.service.DispatchServer(config)
    except Exception as error:  # noqa: BLE001 - gRPC's errors for a port in use, a bad work_dir
        fail(f"the dispatcher cannot start on port {port}: {error}", code=1)
    _serve_until_stopped(server, f"grpc://{host or socket.gethostname()}:{port}")


@serve_app.command(cls=PlainHelpCommand)
def worker(
    dispatcher: Annotated[str, typer.Option(metavar="HOST:PORT", help="The dispatcher's address (grpc:// optional).")],
    port: Annotated[int, typer.Option(min=0, max=65535, help="The port to serve on (0: any free one).")] = 0,
    host: Annotated[str, typer.Option(help="The host name the trainers reach this machine by.")] = "",
    heartbeat: Annotated[
        float,
        typer.Option(
            min=0.05, max=MAX_SECONDS, help="Seconds between heartbeats to the dispatcher (keep it under its --worker-timeout)."
        ),
    ] = 1.0,
) -> None:
    """Serve a tf.data service worker that runs readers' pipelines for the dispatcher."""
    address = dispatcher.removeprefix("grpc://")
    name, _, dispatcher_port = address.rpartition(":")
    if not (name and dispatcher_port.isdigit()):
        fail(f"--dispatcher {dispatcher!r} must be HOST:PORT, e.g. localhost:5050")
    _stop_on_sigterm()
    import tensorflow as tf

    if port == 0:
        with socket.socket() as probe:  # a free port, named to the dispatcher as this worker's
            probe.bind(("", 0))
            port = probe.getsockname()[1]
    me = f"{host or socket.gethostname()}:{port}"
    config = tf.data.experimental.service.WorkerConfig(
        dispatcher_address=address, worker_address=me, port=port, heartbeat_interval_ms=int(heartbeat * 1000)
    )
    try:
        server = tf.data.experimental.service.WorkerServer(config)
    except Exception as error:  # noqa: BLE001
        fail(f"the worker cannot start on port {port} for dispatcher {address}: {error}", code=1)
    _serve_until_stopped(server, f"grpc://{me}")

"""Issue 43, item 7: a lost scheduler printed 36 lines of dask's log and tracebacks before its
one sentence. dask's logging configuration gives `distributed.client` and others their own
level, so quieting only their parent `distributed` let them through."""

from __future__ import annotations

import logging

from bias.compute.cluster import _quiet


def test_no_dask_log_record_reaches_a_handler_while_a_job_runs():
    seen: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record):
            seen.append(record)

    loggers = [logging.getLogger(name) for name in
               ("distributed.client", "distributed.comm.tcp", "tornado.application", "asyncio")]
    before = [logger.level for logger in loggers]
    handler = Keep()
    for logger in loggers:
        logger.setLevel(logging.WARNING)  # as dask's configuration sets them
        logger.addHandler(handler)
    try:
        with _quiet():
            for logger in loggers:
                logger.error("Failed to reconnect to scheduler")
        assert seen == []
        loggers[0].error("after the job")  # the levels are given back
        assert [record.getMessage() for record in seen] == ["after the job"]
    finally:
        for logger, level in zip(loggers, before, strict=True):
            logger.removeHandler(handler)
            logger.setLevel(level)

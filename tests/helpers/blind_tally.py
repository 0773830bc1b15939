"""Tally a blind batch (round twelve's tests/helpers/blind12.py, or --batch 13 .. 25) on the code as it stands.

    python tests/helpers/blind_tally.py [--batch 12|13|...|22|23] [--json FILE] [--only NAME ...]

Not a test (pytest does not collect it): a measurement to run before and after the detection rules
change. Each miniature is built in a temporary folder and converted with the command a user types
first, `shardify convert SRC OUT` with no option (`run_conversion(ConvertConfig(root, out))`, as
tests/helpers/unseen_judge.py's `assert_first_command` runs it). The outcome is one of five kinds:

  right          exit 0 and every record's split, label, text and objects are the truth's
  good stop      exit 2 before writing, the message naming every option of the dataset's FOLLOW,
                 and the conversion with those options then right
  useless stop   exit 2 naming nothing that converts right (or following it is not right)
  exit 1         a ShardifyError other than a refusal, or any other exception (a crash)
  WRONG EXIT 0   exit 0 with records that are not the truth's: the worst

Every exception is caught per dataset, and the run goes on to the next one.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import tempfile
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, for `helpers`

KINDS = ("right", "good stop", "useless stop", "exit 1", "WRONG EXIT 0")


def _one_line(text: str, limit: int = 240) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _option(key: str) -> str:
    from helpers.unseen_judge import _OPTIONS

    return _OPTIONS.get(key, f"--{key.replace('_', '-')}")


def _batch(number: int):
    """The batch module of round `number` (helpers.blind12 ... helpers.blind17): its DATASETS and FOLLOW."""
    return importlib.import_module(f"helpers.blind{number}")


def judge(name: str, work: Path, batch: int = 12) -> dict:
    """The outcome of dataset `name` of batch `batch` converted under `work`: {"name", "kind", "detail", "seconds"}."""
    DATASETS, FOLLOW = _batch(batch).DATASETS, _batch(batch).FOLLOW
    from helpers.unseen_judge import assert_right
    from shardify.beam_jobs.launch import run_conversion
    from shardify.config import ConvertConfig
    from shardify.errors import ShardifyError, UsageError

    started = time.monotonic()
    follow = FOLLOW.get(name)

    def done(kind: str, detail: str) -> dict:
        return {"name": name, "kind": kind, "detail": _one_line(detail), "seconds": round(time.monotonic() - started, 2)}

    try:
        truth = DATASETS[name](work / "download")
    except Exception as failed:  # the miniature itself: a defect of this batch, not of shardify
        return done("exit 1", f"BUILDER FAILED: {failed!r}")
    out = work / "out"
    try:
        run_conversion(ConvertConfig(str(truth.root), str(out)))
    except UsageError as refused:
        message = str(refused)
        if (out / "manifest.json").exists():
            return done("WRONG EXIT 0", f"refused AFTER writing a manifest: {message}")
        if not follow:
            return done("useless stop", f"no option known to convert it right; said: {message}")
        from helpers.unseen_judge import names_option, stops_name_all

        missing = [_option(k) for k in follow if not names_option(message, k)]  # ('--layout' not by '--layout-file')
        if missing and not stops_name_all(truth.root, work, message, follow):  # (or its next stop names the rest)
            return done("useless stop", f"names none of {missing}; said: {message}")
        try:
            run_conversion(ConvertConfig(str(truth.root), str(work / "followed"), **follow))
            assert_right(truth, work / "followed")
        except AssertionError as wrong:
            return done("useless stop", f"following {follow} writes wrong records: {wrong}; said: {message}")
        except Exception as failed:
            return done("useless stop", f"following {follow} fails: {type(failed).__name__}: {failed}; said: {message}")
        from helpers.unseen_judge import names_value

        result = done("good stop", message)
        # (counted apart, the categories kept as every earlier tally had them: a stop naming the option but
        # another value, `--label-level 2` where 3 converts, is a good stop by the option alone)
        result["values_named"] = all(names_value(message, k, v, truth.root) for k, v in follow.items())
        return result
    except ShardifyError as failed:
        return done("exit 1", f"{type(failed).__name__}: {failed}")
    except Exception as crashed:
        last = traceback.extract_tb(crashed.__traceback__)[-1]
        return done("exit 1", f"CRASH {type(crashed).__name__}: {crashed} at {Path(last.filename).name}:{last.lineno}")
    try:
        assert_right(truth, out)
    except AssertionError as wrong:
        return done("WRONG EXIT 0", str(wrong))
    except Exception as failed:
        return done("exit 1", f"written, but unreadable: {type(failed).__name__}: {failed}")
    return done("right", "")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--batch", type=int, default=12, choices=(12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25,
                                                                 26, 27, 28,
                                                                 29,
                                                                 30,
                                                                 31,
                                                                 32,
                                                                 33,
                                                                 34,
                                                                 35,
                                                                 36,
                                                                 37,
                                                                 38,
                                                                 39,
                                                                 40,
                                                                 41,
                                                                 42,
                                                                 43,
                                                                 44,
                                                                 45,
                                                                 46,
                                                                 47,
                                                                 48,
                                                                 49,
                                                                 50,
                                                                 51),
                        help="which blind batch (default 12)")
    parser.add_argument("--json", metavar="FILE", help="also write the outcomes as JSON")
    parser.add_argument("--only", nargs="*", metavar="NAME", help="only these datasets")
    args = parser.parse_args(argv)
    names = sorted(args.only or _batch(args.batch).DATASETS)
    results = []
    for name in names:
        with tempfile.TemporaryDirectory(prefix=f"blind{args.batch}-{name}-") as tmp:
            try:
                result = judge(name, Path(tmp), args.batch)
            except Exception as failed:  # the tally itself must never stop
                result = {"name": name, "kind": "exit 1", "detail": _one_line(f"TALLY FAILED: {failed!r}"), "seconds": 0}
        results.append(result)
        unvalued = " (OPTION NAMED, VALUE NOT)" if result["kind"] == "good stop" and not result.get("values_named") else ""
        print(f"{name:22s} {result['kind']:13s}{unvalued} {result['detail']}", flush=True)
    totals = {kind: sum(r["kind"] == kind for r in results) for kind in KINDS}
    valued = sum(bool(r.get("values_named")) for r in results)
    print("totals: " + ", ".join(f"{kind} {n}" for kind, n in totals.items()) + f" (of {len(results)})"
          + f"; good stops naming every value too: {valued} of {totals['good stop']}")
    if args.json:
        Path(args.json).write_text(json.dumps({"results": results, "totals": totals}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Tally of every unseen round's miniature under the first command, `shardify convert SRC OUT`.

Not a test: a measurement (issue 30's "at least 20 of 30 right"). Per dataset of every round
(tests/helpers/unseen*.py, newcomer_*.py) it builds the miniature, converts it with no option and
sorts the outcome into one of:

- right: exit 0 and the rounds' judge (tests/helpers/unseen_judge.py) passes;
- stop: exit 2 before writing, with the options its message names, and whether the round's own
  FOLLOW (the options its test follows) then converts right ("good") or not;
- exit 1: a `ShardifyError` other than a usage refusal;
- wrong: exit 0 and the judge fails (a wrong label, split, text or object, or a missing record);
- crash: any other exception (a traceback a user would see).

Run from the worktree root:  .venv/bin/python tests/helpers/round_tally.py [--json FILE] [round ...]
It prints one line per dataset, then the totals per round and in all, and groups the stops by the
first line of their message, so that the stops a rule could turn into right conversions show together.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
import re
import shutil
import sys
import tempfile
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path

_TESTS = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(_TESTS), str(_TESTS / "layouts")]

from helpers.unseen_judge import assert_right  # noqa: E402
from shardify.beam_jobs.launch import run_conversion  # noqa: E402
from shardify.config import ConvertConfig  # noqa: E402
from shardify.errors import ShardifyError, UsageError  # noqa: E402

__all__ = ["ROUNDS", "tally_one", "main"]

# round: (helper module holding the builders, test module holding FOLLOW/LAYOUTS, builder attribute)
ROUNDS = {
    "unseen1": ("helpers.unseen", "test_unseen_layouts", "DATASETS"),
    "unseen2": ("helpers.unseen2", "test_unseen_round_two", "DATASETS"),
    "unseen3": ("helpers.unseen3", "test_unseen_round_three", "DATASETS"),
    "unseen4": ("helpers.unseen4", "test_unseen_round_four", "DATASETS"),
    "unseen5": ("helpers.unseen5", "test_unseen_round_five", "DATASETS"),
    "unseen6": ("helpers.unseen6", "test_unseen_round_six", "DATASETS"),
    "unseen7": ("helpers.unseen7", "test_unseen_round_seven", "DATASETS"),
    "unseen8": ("helpers.unseen8", "test_unseen_round_eight", "DATASETS"),
    "unseen9": ("helpers.unseen9", "test_unseen_round_nine", "DATASETS"),
    "unseen10": ("helpers.unseen10", "test_unseen_round_ten", "DATASETS"),
    "newcomer": ("helpers.newcomer_trial", "test_newcomer_trial", "DATASETS"),
    "newcomer9": ("helpers.newcomer_nine", "test_newcomer_trial_nine", "SPECS"),
    "newcomer10": ("helpers.newcomer_ten", "test_newcomer_trial_ten", "SPECS"),
}
_OPTION = re.compile(r"(?<![\w-])--[a-z][a-z-]+")


def _round_parts(round_name: str) -> tuple[dict[str, Callable[[Path], object]], dict, dict]:
    """The round's builders, its follow options per dataset and its label aliases per dataset."""
    helper_name, test_name, attribute = ROUNDS[round_name]
    helper, test = importlib.import_module(helper_name), importlib.import_module(test_name)
    builders = getattr(helper, attribute)
    if attribute == "SPECS":
        from helpers.unseen4 import build
        builders = {name: (lambda dest, s=spec: build(s, dest)) for name, spec in builders.items()}
    follow = dict(getattr(test, "FOLLOW", None) or getattr(test, "_FOLLOW", None) or {})
    layouts = getattr(test, "LAYOUTS", {})
    if layouts:
        from shardify.plan import layout_file
        for name, text in layouts.items():
            follow[name] = {"layout_given": layout_file.loads(text, where="layout.yaml").layout}
    return builders, follow, getattr(helper, "ALIASES", {})


def _judge(round_name: str, truth, out: Path, aliases: dict) -> str | None:
    """None where the records are the truth's, else the judge's first line."""
    if round_name == "unseen1":  # its truth names `x.zip/` members as shardify names the folder `x/`
        truth = dataclasses.replace(truth, records={re.sub(r"\.zip/", "/", rid): value for rid, value in truth.records.items()})
    try:
        assert_right(truth, out, aliases=aliases or None)
    except AssertionError as wrong:
        return str(wrong).splitlines()[0][:300]
    return None


def tally_one(round_name: str, name: str, work: Path, parts=None) -> dict:
    builders, follow, aliases = parts or _round_parts(round_name)
    truth = builders[name](work / "download")
    out = work / "out"
    entry: dict = {"round": round_name, "dataset": name}
    try:
        run_conversion(ConvertConfig(str(truth.root), str(out)))
    except UsageError as refused:
        message = str(refused)
        entry.update(outcome="stop", options=sorted(set(_OPTION.findall(message))), message=message)
        if name in follow:
            try:
                run_conversion(ConvertConfig(str(truth.root), str(work / "followed"), **follow[name]))
                wrong = _judge(round_name, truth, work / "followed", aliases.get(name, {}))
                entry["follow"] = "good" if wrong is None else f"wrong: {wrong}"
            except ShardifyError as failed:
                entry["follow"] = f"fails: {str(failed).splitlines()[0][:200]}"
        return entry
    except ShardifyError as failed:
        entry.update(outcome="exit 1", message=str(failed))
        return entry
    except Exception as crashed:  # noqa: BLE001 - a measurement: every outcome is recorded
        entry.update(outcome="crash", message=f"{type(crashed).__name__}: {crashed}")
        return entry
    wrong = _judge(round_name, truth, out, aliases.get(name, {}))
    entry.update(outcome="right" if wrong is None else "wrong", message=wrong or "")
    return entry


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rounds", nargs="*", default=list(ROUNDS))
    parser.add_argument("--json", help="write every entry to this file")
    parser.add_argument("--only", help="a regular expression the dataset's name must match")
    args = parser.parse_args(argv)
    entries = []
    for round_name in args.rounds:
        parts = _round_parts(round_name)
        for name in sorted(parts[0]):
            if args.only and not re.search(args.only, name):
                continue
            work = Path(tempfile.mkdtemp(prefix="tally-"))
            try:
                entry = tally_one(round_name, name, work, parts)
            finally:
                shutil.rmtree(work, ignore_errors=True)
            entries.append(entry)
            detail = " ".join(entry.get("options", [])) + (f" [{entry['follow']}]" if "follow" in entry else "")
            first = (entry.get("message") or "").splitlines()[0][:160] if entry.get("message") else ""
            print(f"{round_name:10} {name:28} {entry['outcome']:6} {detail} {first}", flush=True)
    totals = Counter(e["outcome"] for e in entries)
    by_round = defaultdict(Counter)
    for e in entries:
        by_round[e["round"]][e["outcome"]] += 1
    print("\nper round:")
    for round_name, counts in by_round.items():
        print(f"  {round_name:10} " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    print("in all: " + ", ".join(f"{k} {v}" for k, v in sorted(totals.items())) + f" (of {len(entries)})")
    good = sum(1 for e in entries if e.get("follow") == "good")
    print(f"stops whose round's FOLLOW converts right: {good}")
    if args.json:
        Path(args.json).write_text(json.dumps(entries, indent=1, sort_keys=True), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

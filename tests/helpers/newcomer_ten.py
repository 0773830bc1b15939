"""A tenth newcomer trial: miniatures of seven public TEXT downloads no rule, test or doc here named before.

Chosen by kind (issue 30: try it as a new user would, on data not made for the test; the vision
downloads are another trial's): a headerless tab-separated table with a regression target and
unquoted quotes in its sentences (STS Benchmark); JSON lines whose labels are a parallel file of
one label a line (PIQA); nested JSON lines of multiple-choice questions (CommonsenseQA); NLI
pairs in CSVs whose train split is cut in two files (e-SNLI); nested JSON of utterances in parts,
one folder per intent (SNIPS); a semicolon-separated CSV whose label is two columns (HWU64); and
JSON lines with two label candidates and a split column that disagrees with nothing (HellaSwag).

The truth comes from each dataset's documented meaning (the source cited in `source`), never from
what shardify does. Record ids follow round four's table (tests/helpers/unseen4.py): a row "<file>:<i>".
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from helpers.shipped import _words
from helpers.unseen4 import Put, Spec, aux, row


def _tsv(*cells: str) -> str:
    return "\t".join(cells)


# ------------------------------------------------------------------------------------------------
# STS Benchmark: stsbenchmark/sts-{train,dev,test}.csv, TAB-separated, no header, no quoting:
# genre, filename, year, id, score, sentence1, sentence2 (some rows add source columns)
# ------------------------------------------------------------------------------------------------

_STS_GENRES = (("main-captions", "MSRvid", "2012test"), ("main-news", "headlines", "2016"),
               ("main-forums", "deft-forum", "2014"))


def _sts() -> Iterator[Put]:
    for split, n in (("train", 6), ("dev", 3), ("test", 3)):
        file = f"stsbenchmark/sts-{split}.csv"
        lines = []
        for i in range(n):
            genre, source, year = _STS_GENRES[i % 3]
            first = _words(f"{file}{i}a", 7).capitalize() + "."
            second = _words(f"{file}{i}b", 6).capitalize() + "."
            if i == 1:  # quotes stand in the text as written: the files are read with quoting off
                first = f'A man says "{_words(file, 2)}" to the crowd.'
            score = f"{(i * 1.37) % 5:.3f}"
            cells = [genre, source, year, f"{i + 1:04d}", score, first, second]
            if i == 2:  # rows of later years name where they came from in extra columns
                cells += ["2017", "answers-forums"]
            lines.append(_tsv(*cells))
            yield row(f"{file}:{i}", split, None, (first, second))
        yield aux(file, "\n".join(lines) + "\n")
    yield aux("stsbenchmark/readme.txt", "STS Benchmark: Main English dataset\n\nSemantic Textual Similarity 2012-2017 "
              "Dataset\n\nThe benchmark comprises 8628 sentence pairs.\n\nThe files have the following format:\n\n"
              "genre filename year score sentence1 sentence2\n\nAll files are tab-separated.\n")
    yield aux("stsbenchmark/LICENSE.txt", "Notes on datasets and licenses\n")
    yield aux("stsbenchmark/correlation.pl", "#!/usr/bin/perl\nuse warnings;\n")


# ------------------------------------------------------------------------------------------------
# PIQA: physicaliqa-train-dev/{train,dev}.jsonl ({goal, sol1, sol2}) + {train,dev}-labels.lst
# ------------------------------------------------------------------------------------------------

def _piqa() -> Iterator[Put]:
    for split, n in (("train", 8), ("dev", 4)):
        lines, labels = [], []
        for i in range(n):
            goal = f"How do I {_words(f'{split}{i}g', 4)}?"
            label = str((i * 7 + len(split)) % 2)
            lines.append(json.dumps({"goal": goal, "sol1": _words(f"{split}{i}s1", 8), "sol2": _words(f"{split}{i}s2", 8)}))
            labels.append(label)
            yield row(f"physicaliqa-train-dev/{split}.jsonl:{i}", split, label, goal)
        yield aux(f"physicaliqa-train-dev/{split}.jsonl", "\n".join(lines) + "\n")
        yield aux(f"physicaliqa-train-dev/{split}-labels.lst", "\n".join(labels) + "\n")


# ------------------------------------------------------------------------------------------------
# CommonsenseQA: {train,dev}_rand_split.jsonl, test_rand_split_no_answers.jsonl
# {"answerKey", "id", "question": {"question_concept", "choices": [{"label", "text"}], "stem"}}
# ------------------------------------------------------------------------------------------------

def _csqa() -> Iterator[Put]:
    for file, split, n, answered in (("train_rand_split.jsonl", "train", 8, True), ("dev_rand_split.jsonl", "dev", 4, True),
                                     ("test_rand_split_no_answers.jsonl", "test", 3, False)):
        lines = []
        for i in range(n):
            stem = f"Where would you {_words(f'{file}{i}', 5)}?"
            key = "ABCDE"[(i * 3 + n) % 5]
            question = {"question_concept": _words(f"{file}{i}c", 1),
                        "choices": [{"label": c, "text": _words(f"{file}{i}{c}", 2)} for c in "ABCDE"], "stem": stem}
            doc = {"answerKey": key, "id": f"{i:08x}e1f2a3b4c5d6e7f8a9b0c1d2", "question": question}
            if not answered:
                del doc["answerKey"]
            lines.append(json.dumps(doc))
            yield row(f"{file}:{i}", split, key if answered else None, stem)
        yield aux(file, "\n".join(lines) + "\n")


# ------------------------------------------------------------------------------------------------
# e-SNLI: dataset/esnli_train_1.csv, esnli_train_2.csv, esnli_dev.csv, esnli_test.csv
# ------------------------------------------------------------------------------------------------

_NLI = ("neutral", "entailment", "contradiction")


def _esnli() -> Iterator[Put]:
    from helpers.unseen4 import _csv

    train_head = ["pairID", "gold_label", "Sentence1", "Sentence2", "Explanation_1", "Sentence1_marked_1",
                  "Sentence2_marked_1", "Sentence1_Highlighted_1", "Sentence2_Highlighted_1"]
    eval_head = ["pairID", "gold_label", "Sentence1", "Sentence2"] + [
        f"{kind}_{k}" for k in (1, 2, 3) for kind in ("Explanation", "Sentence1_marked", "Sentence2_marked",
                                                       "Sentence1_Highlighted", "Sentence2_Highlighted")]
    for file, split, n in (("esnli_train_1.csv", "train", 6), ("esnli_train_2.csv", "train", 4),
                           ("esnli_dev.csv", "dev", 3), ("esnli_test.csv", "test", 3)):
        head = train_head if split == "train" else eval_head
        lines = [",".join(head)]
        for i in range(n):
            premise = f"A {_words(f'{file}{i}p', 6)}, outdoors."
            hypothesis = f"The {_words(f'{file}{i}h', 4)}."
            label = _NLI[(i + n) % 3]
            extra = [f"Because {_words(f'{file}{i}e', 5)}.", f"*{premise}*", f"*{hypothesis}*", "0,3", "1"]
            cells = [f"{i + 3}{file[6:9]}#{i}r1{label[0]}", label, premise, hypothesis] + extra * (1 if split == "train" else 3)
            lines.append(_csv(*cells))
            yield row(f"dataset/{file}:{i}", split, label, (premise, hypothesis))
        yield aux(f"dataset/{file}", "\n".join(lines) + "\n")


# ------------------------------------------------------------------------------------------------
# SNIPS NLU benchmark: 2017-06-custom-intent-engines/<Intent>/{train_<Intent>_full,validate_<Intent>}.json
# {"<Intent>": [{"data": [{"text": "Add "}, {"text": "Diamonds", "entity": "music_item"}, ...]}]}
# ------------------------------------------------------------------------------------------------

_SNIPS = ("AddToPlaylist", "GetWeather", "RateBook")


def _snips() -> Iterator[Put]:
    for intent in _SNIPS:
        for file, split, n in ((f"train_{intent}_full.json", "train", 4), (f"validate_{intent}.json", "validation", 2)):
            path = f"2017-06-custom-intent-engines/{intent}/{file}"
            utterances = []
            for i in range(n):
                parts = [{"text": f"{_words(path + str(i), 2)} "}, {"text": _words(path + str(i) + "e", 2), "entity": "object_name"},
                         {"text": f" {_words(path + str(i) + 'z', 2)}"}]
                utterances.append({"data": parts})
                yield row(f"{path}:{i}", split, intent, "".join(p["text"] for p in parts))
            yield aux(path, json.dumps({intent: utterances}, indent=2))
    yield aux("2017-06-custom-intent-engines/README.md", "# Natural Language Understanding benchmark\n\n"
              "train_<intent>_full.json: the full training set; validate_<intent>.json: the validation set.\n")


# ------------------------------------------------------------------------------------------------
# HWU64 (NLU-Evaluation-Data): AnnotatedData/NLU-Data-Home-Domain-Annotated-All.csv, ';'-separated
# ------------------------------------------------------------------------------------------------

_HWU = (("alarm", "query"), ("alarm", "set"), ("calendar", "query"), ("calendar", "set"), ("iot", "hue_lightoff"),
        ("play", "music"))


def _hwu() -> Iterator[Put]:
    head = "userid;answerid;scenario;intent;status;answer_annotation;notes;suggested_entities;answer_normalised;answer;question"
    lines = [head]
    file = "AnnotatedData/NLU-Data-Home-Domain-Annotated-All.csv"
    for i in range(18):
        scenario, intent = _HWU[i % len(_HWU)]
        answer = _words(f"hwu{i}", 6)
        status = "IRR_XR" if i % 5 == 0 else ""
        lines.append(";".join([str(1 + i // 3), str(2 + i), scenario, intent, status, f"[time : {answer}]", "",
                               "time" if i % 2 else "", answer, answer, f"What would you say to set {scenario}?"]))
        yield row(f"{file}:{i}", "train", f"{scenario}_{intent}", answer)
    yield aux(file, "\n".join(lines) + "\n")
    yield aux("README.md", "# NLU-Evaluation-Data\n\nThe annotated csv file has the following columns: userid, "
              "answerid, scenario, intent, status, answer_annotation, notes, suggested_entities, answer_normalised, "
              "answer, question\n")
    yield aux("LICENSE", "Creative Commons Attribution 4.0 International\n")


# ------------------------------------------------------------------------------------------------
# HellaSwag: data/hellaswag_{train,val,test}.jsonl
# {ind, activity_label, ctx_a, ctx_b, ctx, split, split_type, endings, source_id, label (not in test)}
# ------------------------------------------------------------------------------------------------

_ACTIVITIES = ("Roof shingle removal", "Clean and jerk", "Canoeing", "Baking cookies")


def _hellaswag() -> Iterator[Put]:
    ind = 0
    for split, n in (("train", 8), ("val", 4), ("test", 3)):
        file = f"data/hellaswag_{split}.jsonl"
        lines = []
        for i in range(n):
            ind += 1
            ctx_a, ctx_b = f"A man is {_words(f'{file}{i}a', 5)}.", "he"
            doc = {"ind": ind, "activity_label": _ACTIVITIES[(i + ind) % len(_ACTIVITIES)], "ctx_a": ctx_a, "ctx_b": ctx_b,
                   "ctx": f"{ctx_a} {ctx_b}", "split": split, "split_type": ("indomain", "zeroshot")[i % 2],
                   "endings": [_words(f"{file}{i}{k}", 6) for k in range(4)],
                   "source_id": f"activitynet~v_{ind:011d}"}
            label = None
            if split != "test":
                label = str((i * 3 + ind) % 4)
                doc["label"] = int(label)
            lines.append(json.dumps(doc))
            yield row(f"{file}:{i}", split, label, doc["ctx"])
        yield aux(file, "\n".join(lines) + "\n")


SPECS = {
    "stsbenchmark": Spec("stsbenchmark-download", "text", _sts,
                         "ixa2.si.ehu.es/stswiki STSbenchmark (Stsbenchmark.tar.gz -> stsbenchmark/sts-*.csv) as "
                         "loaders read it: tab-separated, no header, quoting off, columns genre filename year id "
                         "score sentence1 sentence2 (eumesy/data-sts README: cut -f5, cut -f 6-7)",
                         "a sentence pair per row; the score is a regression target (0-5), no class: the records "
                         "are unlabelled pairs"),
    "piqa": Spec("piqa-download", "text", _piqa,
                 "PIQA physicaliqa-train-dev.zip (yonatanbisk.com/piqa; the ais_bench piqa README's tree: dev.jsonl, "
                 "dev-labels.lst, train.jsonl, train-labels.lst); the HF piqa script zips each .jsonl with its .lst",
                 "the label of line i of X.jsonl is line i of X-labels.lst (0: sol1, 1: sol2); the goal is the text"),
    "commonsenseqa": Spec("commonsenseqa-download", "text", _csqa,
                          "tau-nlp.org/commonsenseqa files as the HF commonsense_qa script and Shuailong/csqa README "
                          "read them: answerKey, id, question{question_concept, choices[{label, text}], stem}",
                          "label answerKey (A-E), text question.stem; the test file has no answerKey"),
    "esnli": Spec("e-SNLI-master", "text", _esnli,
                  "OanaMariaCamburu/e-SNLI README (two train files for GitHub's size limit: merge them) and the HF/TFDS "
                  "esnli builders: pairID, gold_label, Sentence1, Sentence2, Explanation_1.. (dev/test: _1.._3)",
                  "premise/hypothesis pairs labelled gold_label; esnli_train_1.csv and esnli_train_2.csv are both train"),
    "snips": Spec("nlu-benchmark-master", "text", _snips,
                  "snipsco/nlu-benchmark 2017-06-custom-intent-engines/<Intent>/train_<Intent>_full.json and "
                  "validate_<Intent>.json: {intent: [{data: [{text}, {text, entity}, ...]}]}",
                  "one utterance per `data` list, its text the parts joined; the label is the intent"),
    "hwu64": Spec("NLU-Evaluation-Data-master", "text", _hwu,
                  "xliuhw/NLU-Evaluation-Data README (columns) and the HF nlu_evaluation_data script "
                  "(csv delimiter ';', label f\"{scenario}_{intent}\", text `answer`)",
                  "64 intents named by scenario and intent together (`query` alone is alarm's, calendar's, ...)"),
    "hellaswag": Spec("hellaswag-download", "text", _hellaswag,
                      "rowanz/hellaswag data/ README and the HF/TFDS hellaswag builders: ind, activity_label, ctx_a, "
                      "ctx_b, ctx, split, split_type, endings, source_id, label (absent in the test file)",
                      "the label is the right ending's number `label` (0-3), not `activity_label` (the video's activity)"),
}

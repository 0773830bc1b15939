"""Round twenty-eight's text and table builders (tests/helpers/blind28.py holds the batch, its docstring and truth rules).

Split out of blind28.py to keep each module under ~450 lines; nothing here is imported elsewhere.
"""

from __future__ import annotations

from collections.abc import Iterator

from helpers.blind23_texts import _num
from helpers.shipped import _words
from helpers.unseen4 import Put, aux
from helpers.unseen4 import _csv as csv_cells


def _row(path: str, split: str | None, labels, text=None) -> Put:
    """A row record; `labels` one name, a collection of names, or None (unlabelled)."""
    if labels is not None and isinstance(labels, str):
        labels = [labels]
    return Put(path, record=True, split=split, labels=None if labels is None else frozenset(labels), text=text)


# ------------------------------------------------------------------------------------------------
# Text: sentences wrapped in their emotion's tag; tweets with three label columns
# ------------------------------------------------------------------------------------------------

_EMOTIONS = ["happy", "sad", "anger", "fear", "surprise", "disgust", "shame"]


def emotion_stimulus() -> Iterator[Put]:
    # Emotion-Stimulus (Ghazi, Inkpen and Szpakowicz, CICLing 2015; site.uottawa.ca/~diana/resources/
    # emotion_stimulus_data). CHECKED 2026-11-29 against the release's Readme.txt as nazem-Aldroubi/emotion-cause-
    # extraction-dl-final-proj keeps it ("There are two files in the archive. 1. The Emotion Cause dataset contains 820
    # sentences with both an emotion cause and an emotion tag. The tags are in the XML format: <cause> marks the
    # beginning of the emotion stimulus span and <\cause> marks the end of the span. Example: <happy>These days he is
    # quite happy <cause>travelling by trolley<\cause> . <\happy> ... 2. The No Cause dataset contains sentences marked
    # with an emotion tag, which do not carry any emotion cause ... Example: <anger>Bernice was so angry she could
    # hardly speak . <\anger> ... each sentence belongs to one of seven emotions: Happiness, Sadness, Anger, Fear,
    # Surprise, Disgust and Shame"). The file names 'Emotion Cause.txt' and 'No Cause.txt' and the tags of the other
    # five emotions (sad, fear, surprise, disgust, shame) are as remembered from the release. Truth: each line a record
    # "<file>:<i>" (no split: "train") labelled by its emotion tag; its text not checked (whether the cause tags stay
    # in it is a choice). Simplified: 6 lines with a cause, 8 without
    for name, count in (("Emotion Cause.txt", 6), ("No Cause.txt", 8)):
        lines = []
        for i in range(count):
            emotion = _EMOTIONS[(i * 3 + len(name)) % len(_EMOTIONS)]
            words = _words(f"es{name}{i}", 9).capitalize()
            if name.startswith("Emotion"):
                body = f"{words} <cause>{_words(f'esc{i}', 3)}<\\cause> ."
            else:
                body = f"{words} ."
            lines.append(f"<{emotion}>{body} <\\{emotion}>")
            yield _row(f"{name}:{i}", "train", emotion)
        yield aux(name, "\n".join(lines) + "\n")
    yield aux("Readme.txt", "Emotion-stimulus data to accompany this paper:\n\nDiman Ghazi, Diana Inkpen & Stan "
              "Szpakowicz (2015).\n\nThere are two files in the archive.\n")


_AR_WORDS = ["الله", "مش", "كده", "يا", "جميل", "والله", "الحكومة", "الشعب", "مصر", "اليوم", "كل", "على", "هذا", "في",
             "من", "شكرا", "رائع", "سيء", "ليش", "ايش", "اخبار", "الرئيس", "حلو", "ههههه"]
_DIALECTS = ["msa", "egypt", "levant", "gulf", "magreb"]
_SENTIMENTS = ["positive", "negative", "neutral"]


def _ar(key: str, n: int) -> str:
    return " ".join(_AR_WORDS[_num(f"{key}{k}", len(_AR_WORDS))] for k in range(n))


def arsarcasm() -> Iterator[Put]:
    # ArSarcasm (Abu Farha and Magdy, OSACT 2020; github.com/iabufarha/ArSarcasm). CHECKED 2026-11-29 against the
    # repository's README ("provided in a CSV format, we provide an 80/20 train/test split ... The dataset contains the
    # following fields: tweet: the original tweet text surrounded by quotes ("). sarcasm: boolean the indicates whether
    # a tweet is sarcastic or not. sentiment: the sentiment from the new annotation (positive, negative, neutral).
    # original_sentiment ... source: the original source of tweet SemEval or ASTD. dialect: ... msa, egypt, levant,
    # gulf, magreb"), the Hugging Face loader (find_string 'ArSarcasm_train.csv': os.path.join(data_dir,
    # "ArSarcasm-master", "dataset", "ArSarcasm_train.csv") and ..._test.csv; features dialect, sarcasm, sentiment,
    # original_sentiment, tweet, source) and LLMeBench ("class_labels": ["TRUE", "FALSE"]). The column order as the
    # features list them, the values 'True'/'False' (pandas' booleans) and the quotes being CSV quoting (written
    # where a tweet holds a comma) are as remembered. Truth: each row a record
    # "<file>:<i>" of its file's split (train, test) labelled by sarcasm (the task the dataset is named for; dialect
    # and the two sentiments are other columns), its text the tweet. Simplified: 8 train, 4 test tweets
    for split, count in (("train", 8), ("test", 4)):
        rows = ["dialect,sarcasm,sentiment,original_sentiment,tweet,source"]
        for i in range(count):
            sarcastic = "True" if (i + len(split)) % 3 == 0 else "False"
            text = _ar(f"as{split}{i}", 7 + i % 4)
            if i == 2:
                text += ", " + _ar(f"asq{split}", 2)
            rows.append(csv_cells(_DIALECTS[(i * 2 + len(split)) % 5], sarcastic, _SENTIMENTS[(i + 1) % 3],
                                  _SENTIMENTS[(i * 2) % 3], text,
                                  "semeval" if i % 3 else "astd"))
            yield _row(f"dataset/ArSarcasm_{split}.csv:{i}", split, sarcastic, text)
        yield aux(f"dataset/ArSarcasm_{split}.csv", "\n".join(rows) + "\n")
    yield aux("README.md", "# ArSarcasm Dataset\n\n**ArSarcasm** is a new Arabic sarcasm detection dataset.\n")


# ------------------------------------------------------------------------------------------------
# Table: edited headlines, graded in one subtask and compared in pairs in the other
# ------------------------------------------------------------------------------------------------

def _headline(key: str) -> tuple[str, str]:
    words = _words(key, 8).split()
    k = 1 + _num(key, 6)
    original = " ".join(words[:k] + [f"<{words[k]}/>"] + words[k + 1:]).capitalize()
    return original, _words(f"{key}e", 1)


def _grades(key: str) -> tuple[str, str]:
    digits = "".join(str(_num(f"{key}{k}", 4)) for k in range(5))
    return digits, f"{sum(map(int, digits)) / 5:.1f}"


def humicroedit() -> Iterator[Put]:
    # Humicroedit, SemEval-2020 Task 7: assessing humor in edited news headlines (Hossain et al. 2020;
    # cs.rochester.edu/u/nhossain/humicroedit.html). CHECKED 2026-11-29 against the Hugging Face loader (_URL
    # "semeval-2020-task-7-dataset.zip"; configs subtask-1 "text-scoring ... funniness score" and subtask-2 "funnier
    # headline identification") and readers in the code corpus (find_string 'semeval-2020-task-7-dataset':
    # 'semeval-2020-task-7-dataset/subtask-1/train.csv', dev.csv, test.csv and 'train_funlines.csv'; subtask-1 columns
    # id, original, edit, grades, meanGrade, the edited word written '<word/>' in original; subtask-2
    # 'subtask-2/{train,dev}.csv' read with csv.DictReader: original1, edit1, original2, edit2, label in {0, 1, 2}, "if
    # r['label'] not in {'1', '2'}" (0 a tie); the grade "in the [0,3] interval"). The grades written as five digits
    # and subtask-2's columns grades1, meanGrade1, grades2, meanGrade2 are as remembered. Truth: each row a record
    # "<file>:<i>" of its file's split (train and train_funlines train, dev, test); a subtask-1 row labelled by its
    # meanGrade, a subtask-2 row by its label (which edit is funnier); the two subtasks share no rows. Simplified: 5
    # train, 2 funlines, 3 dev, 3 test rows in subtask-1; 4 train, 2 dev, 2 test in subtask-2
    uid = 10000
    for split, name, count in (("train", "train", 5), ("train", "train_funlines", 2), ("dev", "dev", 3), ("test", "test", 3)):
        rows = ["id,original,edit,grades,meanGrade"]
        for i in range(count):
            uid += 7
            original, edit = _headline(f"h1{name}{i}")
            grades, mean = _grades(f"g1{name}{i}")
            rows.append(csv_cells(str(uid), original, edit, grades, mean))
            yield _row(f"subtask-1/{name}.csv:{i}", split, mean)
        yield aux(f"subtask-1/{name}.csv", "\n".join(rows) + "\n")
    for split, count in (("train", 4), ("dev", 2), ("test", 2)):
        rows = ["id,original1,edit1,grades1,meanGrade1,original2,edit2,grades2,meanGrade2,label"]
        for i in range(count):
            o1, e1 = _headline(f"h2{split}{i}")
            o2, e2 = o1, _words(f"h2{split}{i}x", 1)
            g1, m1 = _grades(f"g2a{split}{i}")
            g2, m2 = _grades(f"g2b{split}{i}")
            label = "0" if m1 == m2 else ("1" if float(m1) > float(m2) else "2")
            rows.append(csv_cells(f"{uid + i}-{uid + 50 + i}", o1, e1, g1, m1, o2, e2, g2, m2, label))
            yield _row(f"subtask-2/{split}.csv:{i}", split, label)
        yield aux(f"subtask-2/{split}.csv", "\n".join(rows) + "\n")

"""Round thirty-one's text and table builders (tests/helpers/blind31.py holds the batch, its docstring and truth rules).

Split out of blind31.py to keep each module under ~450 lines; nothing here is imported elsewhere.
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
# Text: tweets and their type; abstracts with a numeric label named in a third file
# ------------------------------------------------------------------------------------------------

_BULLYING = ["not_cyberbullying", "gender", "religion", "other_cyberbullying", "age", "ethnicity"]


def cyberbullying() -> Iterator[Put]:
    # Cyberbullying Classification (Wang et al., IEEE BigData 2020; kaggle andrewmvd/cyberbullying-classification).
    # CHECKED 2026-11-29 against readers in the code corpus (find_string 'cyberbullying_tweets.csv': "data =
    # pd.read_csv('cyberbullying_tweets.csv'); X = data['tweet_text'] ... y = data['cyberbullying_type']";
    # "dataset.drop_duplicates(subset='tweet_text')"; "reader = csv.reader(file); next(reader) # Skip the header row;
    # text.append(row[0]); label.append(row[1])"). The six types (not_cyberbullying, gender, religion,
    # other_cyberbullying, age, ethnicity) are as remembered. Truth: each tweet a record "cyberbullying_tweets.csv:<i>"
    # (no split: "train") labelled by its type, its text the tweet. Simplified: 12 tweets, some with a comma, a quote
    # or a mention
    lines = ["tweet_text,cyberbullying_type"]
    for i in range(12):
        kind = _BULLYING[i % 6]
        text = ("@user" + str(100 + i) + " " if i % 3 == 0 else "") + _words(f"cb{i}", 7 + i % 5)
        if i % 4 == 1:
            text += ', "really" ' + _words(f"cbx{i}", 3)
        lines.append(csv_cells(text, kind))
        yield _row(f"cyberbullying_tweets.csv:{i}", "train", kind, text)
    yield aux("cyberbullying_tweets.csv", "\n".join(lines) + "\n")


_CONDITIONS = ["Neoplasms", "Digestive system diseases", "Nervous system diseases", "Cardiovascular diseases",
               "General pathological conditions"]
CONDITION_ALIASES = {name: {str(i + 1)} for i, name in enumerate(_CONDITIONS)}


def medical_abstracts() -> Iterator[Put]:
    # Medical Abstracts Text Classification Corpus (Schopf et al., 2022; github Medical-Abstracts-TC-Corpus). CHECKED
    # 2026-11-29 against readers in the code corpus (find_string 'medical_tc_train': "TRAIN_DATA_FILENAME =
    # 'medical_tc_train.csv'; TEST_DATA_FILENAME = 'medical_tc_test.csv'; TEXT_COLUMN = 'medical_abstract';
    # ORIGINAL_TARGET_COLUMN = 'condition_label'"; a test fixture "(raw / name).write_text('condition_label,
    # medical_abstract\n' + ...); (raw / 'medical_tc_labels.csv').write_text('condition_label,condition_name\n' ...)";
    # "labels = pd.read_csv('medical_tc_labels.csv') ... df.merge(labels, on='condition_label')"; "train_df[
    # 'condition_label'] - 1 (assuming they start from 1)"; a README "1 -> Neoplasms 2 -> Digestive system diseases 3 ->
    # Nervous system diseases 4 -> Cardiovascular diseases 5 -> G[eneral pathological conditions]"; "pd.read_csv(
    # 'data/Medical-Abstracts-TC-Corpus/medical_tc_train.csv')"). Truth: each abstract a record "<file>:<i>" of its file's
    # split (train, test) labelled by its condition (the numbers 1 to 5 accepted for the names the labels file gives
    # them), its text the abstract. Simplified: 10 train and 5 test abstracts, some quoted with commas
    lines = ["condition_label,condition_name"] + [f"{i + 1},{name}" for i, name in enumerate(_CONDITIONS)]
    yield aux("medical_tc_labels.csv", "\n".join(lines) + "\n")
    for split, count in (("train", 10), ("test", 5)):
        rows = ["condition_label,medical_abstract"]
        for i in range(count):
            code = 1 + (i + len(split)) % 5
            text = (_words(f"ma{split}{i}", 10).capitalize() + ", " + _words(f"mb{split}{i}", 8) + ". "
                    + _words(f"mc{split}{i}", 6) + ".")
            rows.append(csv_cells(str(code), text))
            yield _row(f"medical_tc_{split}.csv:{i}", split, _CONDITIONS[code - 1], text)
        yield aux(f"medical_tc_{split}.csv", "\n".join(rows) + "\n")
    yield aux("README.md", "# Medical Abstracts Text Classification Corpus\n\nMedical abstracts describing five "
              "classes of patient conditions.\n")


# ------------------------------------------------------------------------------------------------
# Table: synopses with a ', '-joined tags cell and a split column
# ------------------------------------------------------------------------------------------------

_TAGS = ["murder", "violence", "flashback", "romantic", "cult", "revenge", "psychedelic", "comedy", "suspenseful",
         "good versus evil"]


def mpst() -> Iterator[Put]:
    # MPST: Movie Plot Synopses with Tags (Kar et al., LREC 2018; kaggle cryptexcode/mpst-movie-plot-synopses-with-tags).
    # CHECKED 2026-11-29 against readers in the code corpus (find_string 'mpst_full_data': "data = pd.read_csv('../data/
    # mpst_full_data.csv'); data = data.drop(labels=['imdb_id', 'split', 'synopsis_source'], axis=1) ... data['tags']";
    # "imdb_id = data.imdb_id; plot = data.plot_synopsis ... movies = pd.merge(movies, data[['imdb_id', 'title', 'tags',
    # 'split']]) ... for tag in movies.tags: genres_listas.append(re.split(',', tag))"; "all_tags = data['tags'].str.
    # split(',').explode().str.strip()"; desired tags "murder", "romantic", "violence", "psychedelic", "comedy"). The
    # split values train, val, test and the sources imdb and wikipedia are as remembered. Truth: each synopsis a record
    # "mpst_full_data.csv:<i>" of its row's split, labelled by its tags (split on ',', stripped), its text the synopsis.
    # Simplified: 10 movies with multi-line synopses (quoted, as the release's are)
    lines = ["imdb_id,title,plot_synopsis,tags,split,synopsis_source"]
    for i in range(10):
        tags = sorted({_TAGS[(i * 3 + k * 4) % len(_TAGS)] for k in range(1 + i % 3)})
        split = ("train", "train", "test", "train", "val", "train", "train", "test", "train", "val")[i]
        text = (_words(f"mp{i}", 12).capitalize() + ".\n" + _words(f"mq{i}", 9).capitalize() + ", "
                + _words(f"mr{i}", 5) + ".")
        title = _words(f"mt{i}", 2 + _num(f"mt{i}", 3)).title()
        lines.append(csv_cells(f"tt{100000 + 7919 * i:07d}", title, text, ", ".join(tags), split,
                               ("imdb", "wikipedia")[i % 2]))
        yield _row(f"mpst_full_data.csv:{i}", split, tags, text)
    yield aux("mpst_full_data.csv", "\n".join(lines) + "\n")

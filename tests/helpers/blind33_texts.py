"""Round thirty-three's text and table builders (tests/helpers/blind33.py holds the batch, its docstring and truth rules).

Split out of blind33.py to keep each module under ~450 lines; nothing here is imported elsewhere.
"""

from __future__ import annotations

from collections.abc import Iterator

from helpers.shipped import _words
from helpers.unseen4 import Put, aux
from helpers.unseen4 import _csv as csv_cells


def _row(path: str, split: str | None, labels, text=None) -> Put:
    """A row record; `labels` one name, a collection of names, or None (unlabelled)."""
    if labels is not None and isinstance(labels, str):
        labels = [labels]
    return Put(path, record=True, split=split, labels=None if labels is None else frozenset(labels), text=text)


# ------------------------------------------------------------------------------------------------
# Text: posts with an unnamed index column; sentences, sentiments and topics in parallel line files
# ------------------------------------------------------------------------------------------------

def suicide_watch() -> Iterator[Put]:
    # Suicide and Depression Detection (kaggle nikhileswarkomati/suicide-watch, Reddit posts of r/SuicideWatch,
    # r/depression and r/teenagers). CHECKED 2026-11-29 against readers in the code corpus (find_string
    # 'Suicide_Detection.csv': "df = pd.read_csv('Suicide_Detection.csv', index_col='Unnamed: 0'); text = pd.Series(
    # df['text']) ... pd.get_dummies(df['class'], drop_first=True)['suicide']"; "Suicide_Detection.drop('Unnamed: 0',
    # axis=1)" (a first column with an empty header, the pandas index); "df = df[['text', 'class']] ... class_names =
    # ['non-suicide', 'suicide']"; "df['class'] = [0 if x == 'non-suicide' else 1 ...]"). The index values (the rows of
    # a larger frame, not 0..n-1) are as remembered. Truth: each post a record "Suicide_Detection.csv:<i>" (no split:
    # "train") labelled by its class (suicide, non-suicide), its text the post. Simplified: 12 posts, some over several
    # lines, some with commas and quotes
    lines = [",text,class"]
    for i in range(12):
        kind = ("suicide", "non-suicide")[i % 2 if i % 5 else 0]
        text = _words(f"sw{i}", 9 + i % 4).capitalize() + "."
        if i % 3 == 1:
            text += "\n\n" + _words(f"swb{i}", 6).capitalize() + ', "honestly" ' + _words(f"swc{i}", 4) + "."
        lines.append(csv_cells(str(2 + 3 * i + i * i), text, kind))
        yield _row(f"Suicide_Detection.csv:{i}", "train", kind, text)
    yield aux("Suicide_Detection.csv", "\n".join(lines) + "\n")


_SENTIMENTS = ["negative", "neutral", "positive"]
SENTIMENT_ALIASES = {name: {str(i)} for i, name in enumerate(_SENTIMENTS)}


def uit_vsfc() -> Iterator[Put]:
    # UIT-VSFC, Vietnamese Students' Feedback Corpus (Van Nguyen et al., KSE 2018). CHECKED 2026-11-29 against readers in
    # the code corpus (find_string 'UIT-VSFC': stanza's "VSFC sentiment dataset ... labels are 0,1,2 and the text is
    # pretokenized. The big difference is that the files are split into two pieces, labels and text. BASE_DIR =
    # 'extern_data/sentiment/vietnamese/_UIT-VSFC' def combine_columns(dataset): directory = os.path.join(BASE_DIR,
    # dataset); sentiment_file = os.path.join(directory, 'sentiments.txt') ... text_file = os.path.join(directory,
    # 'sents.txt')"; "sentiment2idx, topic_map"; "ura-hcmut/UIT-VSFC ... 3-class sentiment"). The folders train/, dev/,
    # test/, the third file topics.txt (0 lecturer, 1 training_program, 2 facility, 3 others) and 0 negative, 1 neutral,
    # 2 positive are as remembered. Truth: each line of sents.txt a record "<split>/sents.txt:<i>" of its folder's split
    # (train, dev, test), labelled by the same line of sentiments.txt (the corpus's sentiment task; the numbers 0 to 2
    # accepted for the names), its text the sentence; sentiments.txt and topics.txt no records. Simplified: 8 train,
    # 3 dev, 3 test sentences of ASCII words (the release's are Vietnamese, lower-cased and tokenised)
    for split, count in (("train", 8), ("dev", 3), ("test", 3)):
        sents, sentiments, topics = [], [], []
        for i in range(count):
            code = (i * 2 + len(split)) % 3
            text = _words(f"vs{split}{i}", 6 + i % 5) + " ."
            sents.append(text)
            sentiments.append(str(code))
            topics.append(str((i + code) % 4))
            yield _row(f"{split}/sents.txt:{i}", split, _SENTIMENTS[code], text)
        yield aux(f"{split}/sents.txt", "\n".join(sents) + "\n")
        yield aux(f"{split}/sentiments.txt", "\n".join(sentiments) + "\n")
        yield aux(f"{split}/topics.txt", "\n".join(topics) + "\n")


# ------------------------------------------------------------------------------------------------
# Table: a headerless table of features whose last column is a numeric class named in a prose file
# ------------------------------------------------------------------------------------------------

_TYPES = ["mammal", "bird", "reptile", "fish", "amphibian", "insect", "invertebrate"]
TYPE_ALIASES = {name: {str(i + 1)} for i, name in enumerate(_TYPES)}
_ANIMALS = [("aardvark", "1,0,0,1,0,0,1,1,1,1,0,0,4,0,0,1", 1), ("antelope", "1,0,0,1,0,0,0,1,1,1,0,0,4,1,0,1", 1),
            ("bass", "0,0,1,0,0,1,1,1,1,0,0,1,0,1,0,0", 4), ("bear", "1,0,0,1,0,0,1,1,1,1,0,0,4,0,0,1", 1),
            ("crab", "0,0,1,0,0,1,1,0,0,0,0,0,4,0,0,0", 7), ("gnat", "0,0,1,0,1,0,0,0,0,1,0,0,6,0,0,0", 6),
            ("moth", "1,0,1,0,1,0,0,0,0,1,0,0,6,0,0,0", 6), ("oryx", "1,0,0,1,0,0,0,1,1,1,0,0,4,1,0,1", 1),
            ("piranha", "0,0,1,0,0,1,1,1,1,0,0,1,0,1,0,0", 4), ("skimmer", "0,1,1,0,1,1,1,0,1,1,0,0,2,1,0,0", 2),
            ("tortoise", "0,0,1,0,0,0,0,0,1,1,0,0,4,1,0,1", 3), ("toad", "0,0,1,0,0,1,0,1,1,1,0,0,4,0,0,0", 5),
            ("worm", "0,0,1,0,0,0,0,0,0,1,0,0,0,0,0,0", 7)]


def zoo() -> Iterator[Put]:
    # UCI Zoo (Forsyth, 1990; archive.ics.uci.edu/dataset/111/zoo). CHECKED 2026-11-29 against readers in the code corpus
    # (find_string 'aardvark,1,0,0,1': "# UCI Zoo official data mirrored locally ... UCI_ZOO_DATA = 'aardvark,1,0,0,1,0,0,
    # 1,1,1,1,0,0,4,0,0,1,1\nantelope,...\nbass,0,0,1,0,0,1,1,1,1,0,0,1,0,1,0,0,4'" with the columns "animal_name, hair,
    # feathers, eggs, milk, airborne, aquatic, predator, toothed, backbone, breathes, venomous, fins, legs, tail,
    # domestic, catsize, type"; "f = open('zoo.data') ... example line: aardvark,1,0,...,1"; "worm,...,7", "gnat,...,6",
    # "skimmer,...,2"). zoo.data has no header (the headed copies are users'); zoo.names, the UCI prose describing the
    # attributes and the seven types (1 mammal ... 7 invertebrate, as remembered), sits beside it. Truth: each row a
    # record "zoo.data:<i>" (no split: "train") labelled by its type (the numbers 1 to 7 accepted for the names); no text
    # (a row of attributes: media "table", as blind30's yeast, no text or image record kind holding it). Simplified:
    # 13 of the 101 animals
    lines = [f"{name},{cells},{kind}" for name, cells, kind in _ANIMALS]
    for i, (_, _, kind) in enumerate(_ANIMALS):
        yield _row(f"zoo.data:{i}", "train", _TYPES[kind - 1])
    yield aux("zoo.data", "\n".join(lines) + "\n")
    yield aux("zoo.names", "1. Title: Zoo database\n\n2. Source Information\n   -- Creator: Richard Forsyth\n\n"
              "7. Attribute Information: (name of attribute and type of value domain)\n   1. animal name:      Unique for "
              "each instance\n   2. hair\t\tBoolean\n   ...\n  18. type:\t\tNumeric (integer values in range [1,7])\n\n"
              "8. Missing Attribute Values: None\n\n9. Class Distribution:\n" + "".join(
                  f"   Class# {i + 1}: {name}\n" for i, name in enumerate(_TYPES)))

"""Round thirty-eight's text and table builders (tests/helpers/blind38.py holds the batch, its docstring and truth rules).

Split out of blind38.py to keep each module under ~450 lines; nothing here is imported elsewhere.
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
# Text: headlines with a 0/1 column; legal cases with a title and a text
# ------------------------------------------------------------------------------------------------

CLICKBAIT_ALIASES = {"clickbait": {"1"}, "not clickbait": {"0"}}


def clickbait() -> Iterator[Put]:
    # Clickbait Dataset (kaggle amananandrai/clickbait-dataset; Chakraborty et al. 2016's headlines). CHECKED 2026-11-29
    # against readers in the code corpus (find_string 'clickbait_data.csv': "df = pd.read_csv('clickbait_data.csv',
    # header=0); X = df['headline']; y = df['clickbait']"; "DATA_PATH = '/kaggle/input/clickbait-dataset/
    # clickbait_data.csv'"; "Ensure clickbait_data.csv ... with columns: headline (string): The text of the headline;
    # clickbait (binary): 0 for legitimate news, 1 for clickbait"; "plt.xticks([0, 1], ['Non-Clickbait (0)',
    # 'Clickbait (1)'])"). The headlines' commas quoted, and the 1s before the 0s, are as remembered. Truth: each row a
    # record "clickbait_data.csv:<i>" (no split: "train") labelled by clickbait (1 clickbait, 0 not; the numbers
    # accepted for the names), its text the headline. Simplified: 12 headlines
    lines = ["headline,clickbait"]
    for i in range(12):
        bait = i < 6
        text = (f"{i + 7} {_words(f'cb{i}', 4)} That Will Make You Say Wow" if bait and i % 2 else
                f"{_words(f'cb{i}', 3).title()}, {_words(f'cc{i}', 3)} Say" if not bait and i % 3 == 0 else
                _words(f"cb{i}", 6 + i % 4).title())
        lines.append(f"{csv_cells(text)},{int(bait)}")
        yield _row(f"clickbait_data.csv:{i}", "train", "clickbait" if bait else "not clickbait", text)
    yield aux("clickbait_data.csv", "\n".join(lines) + "\n")


_OUTCOMES = ["cited", "referred to", "applied", "followed", "considered", "discussed", "distinguished"]


def legal_citations() -> Iterator[Put]:
    # Legal Citation Text Classification (kaggle amohankumar/legal-text-classification-dataset; Australian Federal Court
    # cases, how a case cites another). CHECKED 2026-11-29 against readers in the code corpus (find_string
    # 'legal_text_classification': "Uses the columns case_id, case_outcome, case_title, and case_text"; "legal =
    # legal[['case_text', 'case_outcome']].dropna()"; "if 'case_outcome' in df.columns: LABELS = df['case_outcome']
    # .dropna().unique()"; "DATA_PATH = '/kaggle/input/legal-text-classification-dataset/legal_text_classification.csv'";
    # "'question': str(row['case_title']), 'text': str(row['case_text'])"). The ids 'Case1', the outcomes ('cited',
    # 'referred to', 'applied', ...) and the long cited passages with commas and double quotes are as remembered; the
    # real file has some empty case_text cells (left out here). Truth: each row a record
    # "legal_text_classification.csv:<i>" (no split: "train") labelled by case_outcome, its text case_text (the
    # cited passage; case_title names the cited case). Simplified: 12 cases
    lines = ["case_id,case_outcome,case_title,case_text"]
    for i in range(12):
        outcome = _OUTCOMES[(i * 3) % len(_OUTCOMES)]
        title = f"{_words(f'lt{i}', 2).title()} Pty Ltd v {_words(f'lu{i}', 1).title()} [{1990 + i}] FCA {100 + 7 * i}"
        text = (f"{_words(f'lx{i}', 14 + i % 5).capitalize()}, and the \"{_words(f'ly{i}', 3)}\" test, at [{12 + i}]: "
                f"{_words(f'lz{i}', 10)}.")
        lines.append(f"Case{i + 1},{outcome},{csv_cells(title)},{csv_cells(text)}")
        yield _row(f"legal_text_classification.csv:{i}", "train", outcome, text)
    yield aux("legal_text_classification.csv", "\n".join(lines) + "\n")


# ------------------------------------------------------------------------------------------------
# Table: headerless census rows, the label last, the test file with a banner and dotted labels
# ------------------------------------------------------------------------------------------------

_WORK = ["State-gov", "Self-emp-not-inc", "Private", "?", "Federal-gov"]
_EDU = [("Bachelors", 13), ("HS-grad", 9), ("Masters", 14), ("Some-college", 10)]


def adult() -> Iterator[Put]:
    # Adult (UCI Census Income, Kohavi and Becker 1996; archive.ics.uci.edu/ml/machine-learning-databases/adult/).
    # CHECKED 2026-11-29 against readers in the code corpus (find_string '|1x3 Cross validator': "adult.test's first line
    # is the junk banner '|1x3 Cross validator'"; "adult.test has a bogus first line ('|1x3 Cross validator') and
    # encodes the income label with a trailing period ('<=50K.' / '>50K.'), unlike adult.data ('<=50K' / '>50K');
    # stripped so the two files share the same two classes instead of silently becoming four"; test rows "52,
    # Self-emp-not-inc, 209642, HS-grad, 9, Married-civ-spouse, Exec-managerial, Husband, White, Male, 0, 0, 45,
    # United-States, >50K."; "pd.read_csv(path, names=COLUMN_NAMES, skipinitialspace=True, # UCI values have leading
    # spaces; na_values='?')"; the columns "age,workclass,fnlwgt,education,education-num,marital-status,occupation,
    # relationship,race,sex,capital-gain,capital-loss,hours-per-week,native-country,income"). adult.names, old.adult.names
    # and Index beside them, and a blank last line in each file, are as remembered. Truth: each row a record
    # "adult.data:<i>" (train) or "adult.test:<i>" (test; <i> counts rows, the banner not one) labelled by its income
    # class, '>50K' or '<=50K' in BOTH files (no alias for the dotted spelling: two classes, not four); no text (a row
    # of census answers: media "table"). Simplified: 10 train and 5 test rows
    for name, split, count in (("adult.data", "train", 10), ("adult.test", "test", 5)):
        lines = ["|1x3 Cross validator"] if split == "test" else []
        for i in range(count):
            k = i + 3 * len(lines)
            rich = (k * 7 + 2) % 4 == 0
            edu, years = _EDU[k % 4]
            cells = [str(25 + (k * 13) % 40), _WORK[k % 5], str(77516 + 9173 * k), edu, str(years),
                     ("Never-married", "Married-civ-spouse", "Divorced")[k % 3],
                     ("Adm-clerical", "Exec-managerial", "?", "Prof-specialty")[k % 4],
                     ("Not-in-family", "Husband", "Wife", "Own-child")[k % 4], ("White", "Black")[k % 2],
                     ("Male", "Female")[k % 2], str(2174 if k % 5 == 0 else 0), "0", str(40 + k % 3 * 5),
                     ("United-States", "Cuba", "?")[k % 3], (">50K" if rich else "<=50K") + ("." if split == "test" else "")]
            lines.append(", ".join(cells))
            yield _row(f"{name}:{i}", split, ">50K" if rich else "<=50K")
        yield aux(name, "\n".join(lines) + "\n\n")
    yield aux("adult.names", "| This data was extracted from the census bureau database found at\n| http://www.census.gov/"
              "ftp/pub/DES/www/welcome.html\n| Donor: Ronny Kohavi and Barry Becker,\n\n>50K, <=50K.\n\nage: continuous.\n"
              "workclass: Private, Self-emp-not-inc, Self-emp-inc, Federal-gov, Local-gov, State-gov, Without-pay, "
              "Never-worked.\nfnlwgt: continuous.\n")
    yield aux("old.adult.names", "1. Title of Database: adult\n2. Sources:\n   (a) Original owners of database (name/phone/"
              "snail address/email address)\n      US Census Bureau.\n")
    yield aux("Index", "Index of adult\n\n02 Dec 1996      140 Index\n10 Aug 1996  3974305 adult.data\n10 Aug 1996     4267 "
              "adult.names\n10 Aug 1996  2003153 adult.test\n")

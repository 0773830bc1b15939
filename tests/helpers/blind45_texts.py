"""Round forty-five's text and table builders (tests/helpers/blind45.py holds the batch, its docstring and truth rules).

Split out of blind45.py to keep each module under ~450 lines; nothing here is imported elsewhere.
"""

from __future__ import annotations

from collections.abc import Iterator

from helpers.shipped import _words
from helpers.unseen4 import Put, aux
from helpers.unseen4 import _csv as csv_cells
from helpers.unseen4 import row as _row

# ------------------------------------------------------------------------------------------------
# Text: resumes by job category; tweets and Reddit comments by sentiment
# ------------------------------------------------------------------------------------------------

_CATEGORIES = ["Data Science", "HR", "Advocate", "Java Developer", "Civil Engineer", "DevOps Engineer"]


def resume() -> Iterator[Put]:
    # Resume Dataset (kaggle gauravduttakiit/resume-dataset, 962 resumes in 25 categories). CHECKED 2026-11-29 against
    # readers in the code corpus (find_string 'UpdatedResumeDataSet.csv': "**File:** `UpdatedResumeDataSet.csv`
    # **Columns:** - `Resume`: Raw resume text - `Category`: Job field/category (e.g., Data Science, HR, etc.)";
    # "962 real, human-written resumes categorized across 25 distinct domains (*Data Science, Java Developer, DevOps,
    # Python, HR, Web Designing, Advocate, Civil Engineering*, etc.)"; "{'filename': 'UpdatedResumeDataSet.csv',
    # 'column': 'Resume', ... 'expected': 962"). The column order 'Category,Resume' and the resumes' text running
    # over several lines (quoted cells with line breaks, bullet marks read as mojibake 'â¢') are as remembered.
    # Truth: each resume a record "UpdatedResumeDataSet.csv:<i>" (no split: "train"), its text the Resume, labelled
    # by Category. Simplified: 12 resumes of 6 categories, ASCII but for the mojibake bullets
    lines = ["Category,Resume"]
    for i in range(12):
        cat = _CATEGORIES[i % len(_CATEGORIES)]
        text = (
            f"Skills \u00e2\u00a2 {_words(f'rs{i}', 4)} \u00e2\u00a2 {_words(f'rt{i}', 3)}\r\nEducation Details "
            f"\r\n{_words(f're{i}', 5).title()}, {2008 + i}\r\nCompany Details \r\ncompany - "
            f"{_words(f'rc{i}', 2).title()}\r\ndescription - {_words(f'rd{i}', 12 + i % 5)}."
        )
        lines.append(csv_cells(cat, text))
        yield _row(f"UpdatedResumeDataSet.csv:{i}", "train", cat, text)
    yield aux("UpdatedResumeDataSet.csv", "\n".join(lines) + "\n")


SENTIMENT_ALIASES = {"negative": {"-1"}, "neutral": {"0"}, "positive": {"1"}}  # one class each: -1.0 is -1 written as a decimal
_SENTIMENTS = {-1: "negative", 0: "neutral", 1: "positive"}


def twitter_reddit() -> Iterator[Put]:
    # Twitter and Reddit Sentimental analysis Dataset (kaggle cosmos98/twitter-and-reddit-sentimental-analysis-dataset).
    # CHECKED 2026-11-29 against readers in the code corpus (find_string 'Reddit_Data.csv': "Contains 37K+ Reddit
    # comments with sentiment labels (-1, 0, 1) ... kaggle_path = 'data/Reddit_Data.csv' ... if 'clean_comment' in
    # df.columns"; "DATA_FILE = 'Reddit_Data.csv'"; find_string 'Twitter_Data.csv': "df = pd.read_csv('Data/
    # Twitter_Data.csv'); df = df.dropna(subset=['clean_text']) ... y = df['category']"; "data = self.load_data(
    # 'datasets/Reddit_Data.csv') ... 'datasets/Twitter_Data.csv' ... data.columns = ['text', 'category']"). The
    # Twitter file's categories written as decimals ('-1.0', '0.0', '1.0': the column has empty cells) and its rows
    # without a category are as remembered. Truth: each row a record "<file>:<i>" (no split: "train"; the two files
    # are two sources of one kind, not splits), its text the first column, labelled by category (-1 negative, 0
    # neutral, 1 positive; the whole numbers accepted for the names, one label a class: '-1.0' in one file and '-1' in the
    # other are one class), unlabelled where the category is empty.
    # Simplified: 10 tweets (one without a category) and 8 comments, lower-case ASCII as the 'clean' columns are
    tweets = ["clean_text,category"]
    for i in range(10):
        s = (i * 2) % 3 - 1
        text = _words(f"tw{i}", 8 + i % 7)
        missing = i == 6
        tweets.append(csv_cells(text, "" if missing else f"{s:.1f}"))
        yield _row(f"Twitter_Data.csv:{i}", "train", None if missing else _SENTIMENTS[s], text)
    comments = ["clean_comment,category"]
    for i in range(8):
        s = (i * 5 + 1) % 3 - 1
        text = " " + _words(f"rd{i}", 10 + i % 9) + " "
        comments.append(csv_cells(text, str(s)))
        yield _row(f"Reddit_Data.csv:{i}", "train", _SENTIMENTS[s], text)
    yield aux("Twitter_Data.csv", "\n".join(tweets) + "\n")
    yield aux("Reddit_Data.csv", "\n".join(comments) + "\n")


# ------------------------------------------------------------------------------------------------
# Table: SDSS17 objects, the class the 14th of 18 columns
# ------------------------------------------------------------------------------------------------

_CLASSES = ["GALAXY", "STAR", "GALAXY", "QSO"]


def stellar() -> Iterator[Put]:
    # Stellar Classification Dataset - SDSS17 (kaggle fedesoriano/stellar-classification-dataset-sdss17, 100,000
    # objects). CHECKED 2026-11-29 against readers in the code corpus (find_string 'star_classification.csv':
    # "dataset = pd.read_csv('data/star_classification.csv'); dataset = dataset.drop(columns=['obj_ID', 'run_ID',
    # 'rerun_ID', 'cam_col', 'field_ID', 'spec_obj_ID', 'plate', 'MJD', 'fiber_ID']) ... dataset['u'] - dataset['g']";
    # "y = dataset['class']; x = dataset.drop(['class','rerun_ID'], axis=1) ... (the class are : 'GALAXY' 'QSO'
    # 'STAR')"; "df_sample[['alpha', 'delta', 'u', 'g', ..."). The column order 'obj_ID,alpha,delta,u,g,r,i,z,run_ID,
    # rerun_ID,cam_col,field_ID,spec_obj_ID,class,redshift,plate,MJD,fiber_ID' (the class the 14th), the ids written
    # as long decimals ('1.237660961327743e+18') and rerun_ID always 301 are as remembered. Truth: each row a record
    # "star_classification.csv:<i>" (no split: "train") labelled by class; no text (a row of measurements: media
    # "table"). Simplified: 12 rows
    header = "obj_ID,alpha,delta,u,g,r,i,z,run_ID,rerun_ID,cam_col,field_ID,spec_obj_ID,class,redshift,plate,MJD,fiber_ID"
    lines = [header]
    for i in range(12):
        cls = _CLASSES[(i * 3 + 1) % 4]
        mags = [f"{18.0 + (i * k * 7 % 50) / 10:.5f}" for k in range(1, 6)]
        cells = [
            f"1.23766{(i * 7919) % 100000:05d}1327743e+18",
            f"{(i * 37.3) % 360:.6f}",
            f"{(i * 11.7) % 90 - 10:.6f}",
            *mags,
            str(3606 + i * 131 % 4000),
            "301",
            str(1 + i % 6),
            str(79 + i * 17 % 700),
            f"{6.5 + i * 0.37:.6f}e+18",
            cls,
            f"{(0.0 if cls == 'STAR' else 0.1 + i * 0.237):.7f}",
            str(5812 + i * 97 % 6000),
            str(56354 + i * 211 % 3000),
            str(171 + i * 59 % 830),
        ]
        lines.append(",".join(cells))
        yield _row(f"star_classification.csv:{i}", "train", cls)
    yield aux("star_classification.csv", "\n".join(lines) + "\n")

"""Round forty-four's text and table builders (tests/helpers/blind44.py holds the batch, its docstring and truth rules).

Split out of blind44.py to keep each module under ~450 lines; nothing here is imported elsewhere.
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
# Text: essays labelled 0.0/1.0 (human/AI); course reviews in two CSVs labelled by stars
# ------------------------------------------------------------------------------------------------

AI_ALIASES = {"human": {"0.0", "0"}, "ai": {"1.0", "1"}}


def ai_human() -> Iterator[Put]:
    # AI Vs Human Text (kaggle shanegerami/ai-vs-human-text, ~487k essays). CHECKED 2026-11-29 against readers in the
    # code corpus (find_string 'AI_Human.csv': "Fields: `text`: The text content (human or AI-generated) `generated`:
    # Label (0 for human, 1 for AI) ... place it as `AI_human.csv`"; "dataset/AI_Human.csv not found. Please download
    # it from https://www.kaggle.com/datasets/shanegerami/ai-vs-human-text"; "with open('AI_Human.csv') ...
    # reader.__next__() ... if row[1] == "1.0": ai.append(row[0])" (the label written as a float, 0.0 / 1.0); "csv_name:
    # str = 'AI_Human.csv'; text_col: str = 'text'; label_col: str = 'generated'"; "Expected file: `AI_Human.csv.zip`").
    # The essays of several paragraphs (newlines inside quoted cells) are as remembered. Truth: each essay a record
    # "AI_Human.csv:<i>" (no split: "train") labelled by generated (0.0 human, 1.0 ai; the numbers accepted for the
    # names), its text the essay. Simplified: 12 essays of ASCII words
    lines = ["text,generated"]
    for i in range(12):
        ai = (i * 7 + 3) % 5 < 2
        paragraphs = [_words(f"ah{i}{p}", 12 + (i + p) % 9).capitalize() + "." for p in range(1 + i % 3)]
        if i % 4 == 2:
            paragraphs[0] += f' They said, "{_words(f"aq{i}", 3)}", and left.'
        text = "\n\n".join(paragraphs)
        lines.append(csv_cells(text, "1.0" if ai else "0.0"))
        yield _row(f"AI_Human.csv:{i}", "train", "ai" if ai else "human", text)
    yield aux("AI_Human.csv", "\n".join(lines) + "\n")


_COURSES = ["machine-learning", "python-data", "r-programming", "data-scientists-tools", "ml-foundations"]


def coursera_reviews() -> Iterator[Put]:
    # 100K Coursera's Course Reviews Dataset (kaggle septa97/100k-courseras-course-reviews-dataset, by Jan Charles).
    # CHECKED 2026-11-29 against readers in the code corpus (find_string 'reviews_by_course.csv': "coursera_df =
    # pd.read_csv('../input/100k-courseras-course-reviews-dataset/reviews_by_course.csv') ... courses = ['machine-
    # learning', 'python-data', 'r-programming', 'data-scientists-tools', 'ml-foundations', ...] ... coursera_df[
    # coursera_df['CourseId'].isin(courses)]"; "reviews_df['lang_id'] = ... get_lang_id(row['Review'])"; "files = [...
    # 'reviews.csv', 'reviews_by_course.csv' ...]"; "data/100K Coursera's Course Reviews Dataset by Jan Charles /
    # reviews_by_course.csv"). The headers 'Id,Review,Label' (reviews.csv) and 'CourseId,Review,Label'
    # (reviews_by_course.csv), Label the stars 1-5, and reviews in other languages among them are as remembered.
    # Truth: each row of each file a record "<file>:<i>" (no split: "train"), its text the Review, labelled by Label
    # (1..5). Simplified: 10 rows in reviews.csv, 8 in reviews_by_course.csv (not the same reviews)
    stars = [5, 5, 4, 5, 3, 1, 5, 4, 2, 5]
    lines = ["Id,Review,Label"]
    for i, star in enumerate(stars):
        review = _words(f"cr{i}", 4 + i * 3 % 11).capitalize() + ("!" if star == 5 else ".")
        if i == 6:
            review = "Muy buen curso, " + _words("crs", 4) + "."
        lines.append(csv_cells(str(i), review, str(star)))
        yield _row(f"reviews.csv:{i}", "train", str(star), review)
    yield aux("reviews.csv", "\n".join(lines) + "\n")
    by_course = ["CourseId,Review,Label"]
    for i in range(8):
        star = (5, 4, 5, 1, 3, 5, 2, 4)[i]
        review = _words(f"cb{i}", 5 + i * 5 % 13).capitalize() + (", " + _words(f"cc{i}", 3) if i % 3 == 1 else "")
        by_course.append(csv_cells(_COURSES[i % 5], review, str(star)))
        yield _row(f"reviews_by_course.csv:{i}", "train", str(star), review)
    yield aux("reviews_by_course.csv", "\n".join(by_course) + "\n")


# ------------------------------------------------------------------------------------------------
# Table: UCI letter recognition, no header, the label the FIRST of 17 columns
# ------------------------------------------------------------------------------------------------

_LETTER_NAMES = """1. Title: Letter Image Recognition Data

2. Source Information
   -- Creator: David J. Slate
   -- Donor: David J. Slate (dave@math.nwu.edu) (708) 491-3867
   -- Date: January, 1991

5. Number of Instances: 20000

6. Number of Attributes: 17 (Letter category and 16 numeric features)

7. Attribute Information:
\t 1.\tlettr\tcapital letter\t(26 values from A to Z)
\t 2.\tx-box\thorizontal position of box\t(integer)
\t 3.\ty-box\tvertical position of box\t(integer)
\t 4.\twidth\twidth of box\t\t\t(integer)
\t 5.\thigh \theight of box\t\t\t(integer)
\t 6.\tonpix\ttotal # on pixels\t\t(integer)
\t 7.\tx-bar\tmean x of on pixels in box\t(integer)
\t 8.\ty-bar\tmean y of on pixels in box\t(integer)
\t 9.\tx2bar\tmean x variance\t\t\t(integer)
\t10.\ty2bar\tmean y variance\t\t\t(integer)
\t11.\txybar\tmean x y correlation\t\t(integer)
\t12.\tx2ybr\tmean of x * x * y\t\t(integer)
\t13.\txy2br\tmean of x * y * y\t\t(integer)
\t14.\tx-ege\tmean edge count left to right\t(integer)
\t15.\txegvy\tcorrelation of x-ege with y\t(integer)
\t16.\ty-ege\tmean edge count bottom to top\t(integer)
\t17.\tyegvx\tcorrelation of y-ege with x\t(integer)

8. Missing Attribute Values: None

9. Class Distribution:
\t789 A\t766 B\t736 C\t805 D\t768 E\t775 F\t773 G
"""


def letter_recognition() -> Iterator[Put]:
    # Letter Recognition (UCI ML repository, id 59; Slate 1991). CHECKED 2026-11-29 against readers in the code corpus
    # (find_string 'letter-recognition.data': "DATA_URL = 'https://archive.ics.uci.edu/ml/machine-learning-databases/
    # letter-recognition/letter-recognition.data'"; "one_data_set = one_line.split(',', 16) # remove the letter from
    # the list letter = one_data_set.pop(0)"; "cols = ['lettr', 'x-box', 'y-box', 'width', 'high', 'onpix', 'x-bar',
    # 'y-bar', 'x2bar', 'y2bar', 'xybar', 'x2ybr', 'xy2br', 'x-ege', 'xegvy', 'y-ege', 'yegvx'] df = pd.read_csv(
    # './letter-recognition.data.txt', header=None, names=cols) ... y = df.iloc[:, 0]"; "d = np.loadtxt('data/letter-
    # recognition.data', delimiter=',', dtype='<U3'); labels = d[:, 0]"). The .names file's wording beside it (and the
    # UCI 'Index') is as remembered, shortened. Truth: each line a record "letter-recognition.data:<i>" (no split:
    # "train"; the .names' suggestion to train on the first 16000 is advice, not a layout) labelled by its first cell
    # (a capital letter); no text (a row of measurements: media "table"). Simplified: 14 rows of 7 letters
    lines = []
    for i in range(14):
        letter = "TIDNGSB"[i % 7]
        cells = [str((i * k * 7 + k) % 16) for k in range(1, 17)]
        lines.append(",".join([letter] + cells))
        yield _row(f"letter-recognition.data:{i}", "train", letter)
    yield aux("letter-recognition.data", "\n".join(lines) + "\n")
    yield aux("letter-recognition.names", _LETTER_NAMES)
    yield aux("Index", "Index of letter-recognition\n\n02 Dec 1996      139 Index\n04 Mar 1991   712565 letter-"
              "recognition.data\n04 Mar 1991     2710 letter-recognition.names\n")

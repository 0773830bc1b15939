"""Round forty-seven's text and table builders (tests/helpers/blind47.py holds the batch, its docstring and truth rules).

Split out of blind47.py to keep each module under ~450 lines; nothing here is imported elsewhere.
"""

from __future__ import annotations

from collections.abc import Iterator

from helpers.shipped import _words
from helpers.unseen4 import Put, aux
from helpers.unseen4 import _csv as csv_cells
from helpers.unseen4 import row as _row

# ------------------------------------------------------------------------------------------------
# Text: e-mails, safe or phishing; Irish news headlines by category
# ------------------------------------------------------------------------------------------------


def phishing() -> Iterator[Put]:
    # Phishing Email Detection (kaggle subhajournal/phishingemails, ~18,650 e-mails). CHECKED 2026-11-29 against
    # readers in the code corpus (find_string 'Phishing_Email.csv': "Place `Phishing_Email.csv` (Kaggle:
    # subhajournal/phishingemails ...)"; "Our dataset (Phishing_Email.csv) has two label values: 'Safe Email' ->
    # encoded as 0 ... 'Phishing Email' -> 1"; find_string "['Email Text']": "X = data['Email Text'].values; y =
    # data['Email Type'].values ... if y[i] == 'Phishing Email'"; "emails = pd.read_csv('data/Phishing_Email.csv');
    # emails = clean_emails(emails) ... if 'Unnamed: 0' in df.columns: df = df.drop(columns=['Unnamed: 0'])"; "df =
    # df[df['Email Text'].str.lower().str.strip() != 'empty']" (some e-mails' text is the word 'empty')). The index
    # column's empty header (',Email Text,Email Type', pandas' to_csv), the e-mails running over lines and their
    # words are as remembered. Truth: each row a record "Phishing_Email.csv:<i>" (no split: "train"), its text the
    # Email Text (the word 'empty' where the file has it), labelled by Email Type. Simplified: 12 e-mails, ASCII
    lines = [",Email Text,Email Type"]
    for i in range(12):
        phish = i % 3 == 1
        if i == 7:
            text = "empty"
        elif phish:
            text = (
                f"Dear user, {_words(f'ph{i}', 6)}.\nClick here http://{_words(f'pu{i}', 1)}.example.com/verify to "
                f"claim your {_words(f'pc{i}', 2)} now!"
            )
        else:
            text = (
                f"re : {_words(f'sa{i}', 3)}\n{_words(f'sb{i}', 10 + i % 4)} . thanks , {_words(f'sn{i}', 1)}\n"
                f"- - - - - original message - - - - -\n{_words(f'sc{i}', 5)}"
            )
        label = "Phishing Email" if phish else "Safe Email"
        lines.append(csv_cells(str(i), text, label))
        yield _row(f"Phishing_Email.csv:{i}", "train", label, text)
    yield aux("Phishing_Email.csv", "\n".join(lines) + "\n")


_IRISH = ["news", "sport.rugby", "culture", "business.economy", "news.ireland", "opinion.letters", "sport.gaelic-games"]


def ireland_news() -> Iterator[Put]:
    # Ireland Historical News (kaggle therohk/ireland-historical-news, ~1.6 million Irish Times headlines 1996-).
    # CHECKED 2026-11-29 against readers in the code corpus (find_string 'ireland-news-headlines.csv': "df =
    # pd.read_csv('../input/ireland-historical-news/ireland-news-headlines.csv') ... df['headline_text'] ...
    # color='headline_category'"; "train = pd.read_csv('/kaggle/input/ireland-historical-news/ireland-news-
    # headlines.csv') ... train.headline_category.value_counts() ... dates = train.publish_date.values ...
    # str_date[0:4] ... [4:6]" (a yyyymmdd number); "It includes 103 unique labels"; "The categories are further
    # updated to simplify their names by keeping only the first" (dotted names, 'sport.rugby')). The column order
    # 'publish_date,headline_category,headline_text' and the categories' names are as remembered. Truth: each row a
    # record "ireland-news-headlines.csv:<i>" (no split: "train"), its text the headline, labelled by
    # headline_category as written. Simplified: 14 headlines of 7 categories; the download's second table
    # (w3-latnigrin-tokens.csv, its columns not seen) left out
    lines = ["publish_date,headline_category,headline_text"]
    for i in range(14):
        cat = _IRISH[(i * 3) % len(_IRISH)]
        text = f"{_words(f'ir{i}', 5 + i % 6).capitalize()}{', says ' + _words(f'is{i}', 1).title() if i % 4 == 2 else ''}"
        lines.append(csv_cells(str(19960102 + 37 * i), cat, text))
        yield _row(f"ireland-news-headlines.csv:{i}", "train", cat, text)
    yield aux("ireland-news-headlines.csv", "\n".join(lines) + "\n")


# ------------------------------------------------------------------------------------------------
# Table: maternal health measurements, the risk level last
# ------------------------------------------------------------------------------------------------

_RISK = ["high risk", "low risk", "mid risk", "low risk"]


def maternal_health() -> Iterator[Put]:
    # Maternal Health Risk (UCI 863; kaggle csafrit2/maternal-health-risk-data, 1014 rows). CHECKED 2026-11-29 against
    # readers in the code corpus (find_string 'Maternal Health Risk Data Set.csv': "dataset = pd.read_csv(data_dir /
    # 'Maternal Health Risk Data Set.csv'); dataset.rename(columns={'RiskLevel': 'label'}) ... label_dict = {'high
    # risk': 0, 'mid risk': 1, 'low risk': 2}"; "features = ['Age', 'SystolicBP', 'DiastolicBP', 'BS', 'BodyTemp',
    # 'HeartRate']; target = 'RiskLevel'"; "df['RiskLevel'].value_counts()"). The column order (RiskLevel last), the
    # blood sugar as decimals ('7.01', '15') and the body temperature in Fahrenheit ('98', '100') are as remembered.
    # Truth: each row a record "Maternal Health Risk Data Set.csv:<i>" (no split: "train") labelled by RiskLevel; no
    # text (a row of measurements: media "table"). Simplified: 12 rows
    lines = ["Age,SystolicBP,DiastolicBP,BS,BodyTemp,HeartRate,RiskLevel"]
    for i in range(12):
        risk = _RISK[(i * 5 + 2) % 4]
        cells = [
            str(17 + (i * 7) % 40),
            str(90 + (i * 13) % 70),
            str(60 + (i * 11) % 40),
            f"{6.1 + (i * 1.37) % 9:.2f}".rstrip("0").rstrip(".") if i % 3 else str(7 + i % 9),
            "98" if i % 4 else str(100 + i % 3),
            str(66 + (i * 3) % 24),
            risk,
        ]
        lines.append(",".join(cells))
        yield _row(f"Maternal Health Risk Data Set.csv:{i}", "train", risk)
    yield aux("Maternal Health Risk Data Set.csv", "\n".join(lines) + "\n")

"""Round thirty-six's text and table builders (tests/helpers/blind36.py holds the batch, its docstring and truth rules).

Split out of blind36.py to keep each module under ~450 lines; nothing here is imported elsewhere.
"""

from __future__ import annotations

from collections.abc import Iterator

from helpers.shipped import _words
from helpers.unseen4 import Put, aux
from helpers.unseen4 import _csv as csv_cells
from helpers.unseen4 import row as _row

# ------------------------------------------------------------------------------------------------
# Text: a headerless sentiment-first CSV beside its sentences again; a TSV whose quotes are text
# ------------------------------------------------------------------------------------------------

_SENTIMENTS = ["negative", "neutral", "positive"]


def financial_news() -> Iterator[Put]:
    # Sentiment Analysis for Financial News (kaggle ankurzing/sentiment-analysis-for-financial-news; Malo et al. 2014,
    # FinancialPhraseBank). CHECKED 2026-11-29 against readers in the code corpus (find_string 'all-data.csv': a README
    # "fine-tunes ... on financial news headlines from dataset/all-data.csv ... Format: no header, 2 columns - Column 1:
    # sentiment label (positive, negative, neutral)"; "df = pd.read_csv(path, encoding='ISO-8859-1', header=None);
    # df.columns = ['label', 'text']"; R "read.csv('all-data.csv', header = FALSE) %>% rename(true_sentiment = 1,
    # text = 2)"; find_string 'sentiment-analysis-for-financial-news': "pd.read_csv('/kaggle/input/sentiment-analysis-
    # for-financial-news/FinancialPhraseBank/FinancialPhraseBank-v1.0/Sentences_AllAgree.txt', encoding='ISO-8859-1',
    # names=['text','sentiment'], delimiter='@')"). The phrase bank's four files Sentences_{50,66,75,All}Agree.txt
    # (each sentence agreed on by at least that share of annotators, so each holds the next; 50Agree all of
    # all-data.csv's sentences), its README.txt and License.txt, and the tokenised sentences ('the company ' s') are as
    # remembered. Truth: each row of all-data.csv a record "all-data.csv:<i>" (no split: "train") labelled by its first
    # cell, its text the second; the phrase bank's files the same sentences again, no records (writing them would hold
    # each sentence up to five times). Simplified: 12 sentences of ASCII words, one with a latin-1 character
    rows, agree = [], {50: [], 66: [], 75: [], 100: []}
    for i in range(12):
        label = _SENTIMENTS[(i * 5 + 1) % 3]
        text = _words(f"fn{i}", 8 + i % 5).capitalize() + (" , EUR 2.5 mn" if i % 4 == 1 else "") + " ."
        if i == 7:
            text = text.replace(" .", " in Espoo , M\u00e4nts\u00e4l\u00e4 .")
        rows.append(f"{label},{csv_cells(text)}")
        for level, lines in agree.items():
            if (i * 37) % 100 + 1 <= 100 - level + 40 or level == 50:
                lines.append(f"{text}@{label}")
        yield _row(f"all-data.csv:{i}", "train", label, text)
    yield aux("all-data.csv", "\r\n".join(rows) + "\r\n", encoding="latin-1")
    base = "FinancialPhraseBank/FinancialPhraseBank-v1.0"
    for level, lines in agree.items():
        name = "AllAgree" if level == 100 else f"{level}Agree"
        yield aux(f"{base}/Sentences_{name}.txt", "\r\n".join(lines) + "\r\n", encoding="latin-1")
    yield aux(f"{base}/README.txt", "FinancialPhraseBank-v1.0\n\nThe key arguments for the use of the datasets are as "
              "follows:\n- Sentences_50Agree.txt: Number of instances with >=50% annotator agreement\n- Sentences_66Agree"
              ".txt: ... >=66%\n- Sentences_75Agree.txt: ... >=75%\n- Sentences_AllAgree.txt: ... 100%\n\nFormat: "
              "sentence@sentiment, where sentiment is either 'positive', 'neutral' or 'negative'.\n")
    yield aux(f"{base}/License.txt", "This work is licensed under the Creative Commons Attribution-NonCommercial-"
              "ShareAlike 3.0 Unported License.\n")


LIKED_ALIASES = {"disliked": {"0"}, "liked": {"1"}}


def restaurant_reviews() -> Iterator[Put]:
    # Restaurant Reviews (the 'Machine Learning A-Z' course's Part 7, Section 36 'Natural Language Processing', copied to
    # kaggle many times). CHECKED 2026-11-29 against readers in the code corpus (find_string 'Restaurant_Reviews.tsv':
    # "dataset = pd.read_csv('Restaurant_Reviews.tsv', delimiter = '\\t', quoting = 3)"; "# quoting = 3 => ... quotes
    # are ignored"; ".../Part 7 - Natural Language Processing/Section 36 - Natural Language Processing/Python/
    # Restaurant_Reviews.tsv"; "for i in range(0, 1000): review = re.sub('[^a-zA-Z]', ' ', dataset['Review'][i])";
    # "preprocessing.fit(dataset['Review'])"; "contains reviews and their corresponding sentiment labels"). The header
    # 'Review<TAB>Liked', Liked 1 or 0, and reviews holding double quotes (why the readers turn quoting off) are as
    # remembered. Truth: each review a record "Restaurant_Reviews.tsv:<i>" (no split: "train") labelled by Liked
    # (1 liked, 0 not; the numbers accepted for the names), its text the cell as the file holds it, quotes included.
    # Simplified: 12 reviews
    lines = ["Review\tLiked"]
    for i in range(12):
        liked = (i * 7 + 3) % 5 < 2
        text = _words(f"rr{i}", 6 + i % 6).capitalize() + ("!" if liked else ".")
        if i == 4:
            text = f'"{_words("rrq", 2).capitalize()}" was {_words("rrq2", 4)}, not what I ordered.'
        elif i == 9:
            text = f'The "{_words("rrm", 2)}" was {_words("rrn", 3)}... I\'d go back.'
        lines.append(f"{text}\t{int(liked)}")
        yield _row(f"Restaurant_Reviews.tsv:{i}", "train", "liked" if liked else "disliked", text)
    yield aux("Restaurant_Reviews.tsv", "\n".join(lines) + "\n")


# ------------------------------------------------------------------------------------------------
# Table: water measurements with empty cells, the last column 0/1
# ------------------------------------------------------------------------------------------------

POTABLE_ALIASES = {"not potable": {"0"}, "potable": {"1"}}
_COLUMNS = "ph,Hardness,Solids,Chloramines,Sulfate,Conductivity,Organic_carbon,Trihalomethanes,Turbidity,Potability"


def water_potability() -> Iterator[Put]:
    # Water Quality (kaggle adityakadiwal/water-potability). CHECKED 2026-11-29 against readers in the code corpus
    # (find_string 'water_potability.csv': "DATA_PATH = BASE_DIR / 'data' / 'water_potability.csv' ... FEATURES = ['ph',
    # 'Hardness', 'Solids', 'Chloramines', 'Su...'"; "data = pd.read_csv('/kaggle/input/water-potability/
    # water_potability.csv') ... print(f'The dataset has {data.isna().sum().sum()} null values.')"; "Handles missing
    # values by imputing with column means"; "To predict whether the water is potable or not"). The ten columns
    # 'ph,Hardness,Solids,Chloramines,Sulfate,Conductivity,Organic_carbon,Trihalomethanes,Turbidity,Potability', the
    # empty cells in ph, Sulfate and Trihalomethanes and the long decimals are as remembered. Truth: each row a record
    # "water_potability.csv:<i>" (no split: "train") labelled by Potability (1 potable, 0 not; the numbers accepted for
    # the names); no text (a row of measurements: media "table", as blind33's zoo). Simplified: 12 rows
    lines = [_COLUMNS]
    for i in range(12):
        potable = (i * 3 + 1) % 5 < 2
        cells = [f"{6.0 + (i * 0.731) % 3:.14f}", f"{180 + i * 7.3:.13f}", f"{18000 + i * 913.7:.11f}",
                 f"{6.5 + (i % 4) * 0.41:.14f}", f"{300 + i * 9.1:.13f}", f"{400 + i * 13.3:.13f}",
                 f"{10 + (i % 5) * 1.7:.14f}", f"{60 + i * 3.9:.14f}", f"{3.5 + (i % 3) * 0.6:.15f}"]
        if i % 4 == 0:
            cells[0] = ""
        if i % 3 == 1:
            cells[4] = ""
        if i == 6:
            cells[7] = ""
        lines.append(",".join(cells + [str(int(potable))]))
        yield _row(f"water_potability.csv:{i}", "train", "potable" if potable else "not potable")
    yield aux("water_potability.csv", "\n".join(lines) + "\n")

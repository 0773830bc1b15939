"""Round forty-three's text and table builders (tests/helpers/blind43.py holds the batch, its docstring and truth rules).

Split out of blind43.py to keep each module under ~450 lines; nothing here is imported elsewhere.
"""

from __future__ import annotations

from collections.abc import Iterator

from helpers.shipped import _words
from helpers.unseen4 import Put, aux, row
from helpers.unseen4 import _csv as csv_cells

# ------------------------------------------------------------------------------------------------
# Text: symptom descriptions (an unnamed index column, the label before the text); financial tweets
# ------------------------------------------------------------------------------------------------

_DISEASES = ["Psoriasis", "Varicose Veins", "Typhoid", "Chicken pox", "Impetigo", "Dengue", "Fungal infection",
             "Common Cold", "Pneumonia", "Dimorphic Hemorrhoids", "Arthritis", "Acne", "Bronchial Asthma",
             "Hypertension", "Migraine", "Cervical spondylosis", "Jaundice", "Malaria", "urinary tract infection",
             "allergy", "gastroesophageal reflux disease", "drug reaction", "peptic ulcer disease", "diabetes"]


def symptom2disease() -> Iterator[Put]:
    # Symptom2Disease (kaggle niyarrbarman/symptom2disease; 1,200 descriptions, 50 for each of 24 diseases). CHECKED
    # 2026-11-29 against readers in the code corpus (find_string 'Symptom2Disease.csv': "df = pd.read_csv(
    # 'Symptom2Disease.csv'); df.drop(['Unnamed: 0'], axis=1, inplace=True)" (a first column with no name); "orig_df =
    # orig_df[['label', 'text']]"; "data = data[['label', 'text']]"; "EXAMPLE_DISEASES = ['Migraine', 'Pneumonia',
    # 'Dengue', 'gastroesophageal reflux disease', 'urinary tract infection']"). The column order ',label,text' (the
    # index first, the label before the text), the rest of the 24 names and the first-person sentences with commas are
    # as remembered. Truth: each row a record "Symptom2Disease.csv:<i>" (no split: "train"), its text the description,
    # labelled by label (the disease, its case kept). Simplified: 12 rows over 6 diseases
    lines = [",label,text"]
    for i in range(12):
        disease = _DISEASES[(i * 5) % 24 % 6 * 4]
        text = ("I have been " + _words(f"sd{i}", 6 + i % 4) + ", and " + _words(f"se{i}", 5) + ". My "
                + _words(f"sf{i}", 4) + " is " + _words(f"sg{i}", 3) + ".")
        lines.append(csv_cells(str(i * 50 % 1200), disease, text))
        yield row(f"Symptom2Disease.csv:{i}", "train", disease, text)
    yield aux("Symptom2Disease.csv", "\n".join(lines) + "\n")


FIN_ALIASES = {"Bearish": {"0"}, "Bullish": {"1"}, "Neutral": {"2"}}
_FIN = ["Bearish", "Bullish", "Neutral"]


def financial_tweets() -> Iterator[Put]:
    # Twitter Financial News Sentiment (huggingface zeroshot/twitter-financial-news-sentiment, 11,932 tweets). CHECKED
    # 2026-11-29 against readers in the code corpus (find_string 'sent_valid.csv': "splits = {'train': 'sent_train.csv',
    # 'validation': 'sent_valid.csv'}; pd.read_csv('hf://datasets/zeroshot/twitter-financial-news-sentiment/' +
    # splits[split])"; "TWITTER_LABELS = {0: 'negative', 1: 'positive', 2: 'neutral'}  # Bearish, Bull[ish, Neutral]";
    # "train_texts = train_data['text'].values ... train_labels = train_data['label'].values"). The tweets' cashtags
    # and links ('$AAPL', 'https://t.co/...') and that the names are only on the dataset card (its README) are as
    # remembered. Truth: each row a record "<file>:<i>" of split train (sent_train.csv) or validation (sent_valid.csv),
    # its text the tweet, labelled Bearish, Bullish or Neutral (the numbers accepted for the names). Simplified: 10
    # train and 4 valid rows, no README
    for name, split, count in (("sent_train.csv", "train", 10), ("sent_valid.csv", "validation", 4)):
        lines = ["text,label"]
        for i in range(count):
            k = (i * 7 + len(split)) % 3
            ticker = ("AAPL", "TSLA", "NFLX", "JPM")[i % 4]
            text = f"${ticker} " + _words(f"ft{split}{i}", 6 + i % 5) + (f" https://t.co/{split[:2]}{i}x" if i % 3 else "")
            if i % 4 == 2:
                text += f", {_words(f'fc{split}{i}', 3)}"
            lines.append(csv_cells(text, str(k)))
            yield row(f"{name}:{i}", split, _FIN[k], text)
        yield aux(name, "\n".join(lines) + "\n")


# ------------------------------------------------------------------------------------------------
# Table: a semicolon-separated table of quoted cells, its class the last column 'y'
# ------------------------------------------------------------------------------------------------

_HEADER = ("age", "job", "marital", "education", "default", "balance", "housing", "loan", "contact", "day", "month",
           "duration", "campaign", "pdays", "previous", "poutcome", "y")
_JOBS = ["management", "technician", "entrepreneur", "blue-collar", "unknown", "retired", "admin.", "services"]
_MONTHS = ["may", "jun", "jul", "aug", "oct", "nov"]


def _client(i: int) -> tuple[list[str], str]:
    """One client's 16 cells (quoted as the file quotes them) and the answer y."""
    y = "yes" if i % 4 == 1 else "no"
    cells = [str(25 + i * 7 % 40), f'"{_JOBS[i % 8]}"', f'"{("married", "single", "divorced")[i % 3]}"',
             f'"{("tertiary", "secondary", "primary", "unknown")[i % 4]}"', '"no"', str(i * 331 % 3000 - 200),
             f'"{("yes", "no")[i % 2]}"', f'"{("no", "yes")[i // 3 % 2]}"', f'"{("unknown", "cellular")[i % 2]}"',
             str(1 + i * 3 % 28), f'"{_MONTHS[i % 6]}"', str(60 + i * 97 % 900), str(1 + i % 4),
             "-1" if i % 3 else str(90 + i), "0" if i % 3 else "2", '"unknown"' if i % 3 else '"failure"']
    return cells, y


def bank_marketing() -> Iterator[Put]:
    # Bank Marketing (Moro et al. 2014, UCI id 222; bank.zip: bank-full.csv, bank.csv, bank-names.txt). CHECKED
    # 2026-11-29 against readers in the code corpus (find_string 'bank-full.csv': "df = pd.read_csv('data/bank-full.csv',
    # delimiter=';') ... pd.get_dummies(columns = ['job', 'marital', 'education', 'default', 'housing', 'loan',
    # 'contact', 'month', 'poutcome'] ...) df['y'] = df['y'].map({'yes':1, 'no':0})"; "The dataset consists of 17 input
    # variables [sic] and one target variable `y` ... whether a client has [subscribed a term deposit]"; "data.drop([
    # 'age', 'job', 'marital', 'education', 'default', 'balance', 'housing', 'loan', 'contact', 'day', 'month',
    # 'duration', 'campaign', 'pdays', 'previous', 'poutcome'] ..."). Every cell of the header and every text cell
    # quoted ('"age";"job";...'), bank.csv a 10% sample of bank-full.csv's rows with the same header, and
    # bank-names.txt's wording are as remembered. Truth: each row of either table a record "<file>:<i>" (no split:
    # "train"), labelled by y (yes, no); no text (a row of attributes: media "table"). Simplified: 12 rows in
    # bank-full.csv, 3 of them again in bank.csv
    header = ";".join(f'"{h}"' for h in _HEADER)
    full, sample = [header], [header]
    for i in range(12):
        cells, y = _client(i)
        full.append(";".join(cells + [f'"{y}"']))
        yield row(f"bank-full.csv:{i}", "train", y)
    for j, i in enumerate((2, 5, 9)):
        cells, y = _client(i)
        sample.append(";".join(cells + [f'"{y}"']))
        yield row(f"bank.csv:{j}", "train", y)
    yield aux("bank-full.csv", "\n".join(full) + "\n")
    yield aux("bank.csv", "\n".join(sample) + "\n")
    yield aux("bank-names.txt", "Citation Request:\n  This dataset is public available for research. The details are "
              "described in [Moro et al., 2011].\n\n1. Title: Bank Marketing\n\n7. Attribute information:\n\n   Input "
              "variables:\n   # bank client data:\n   1 - age (numeric)\n   2 - job : type of job (categorical)\n   ...\n"
              "   Output variable (desired target):\n  17 - y - has the client subscribed a term deposit? (binary: "
              '"yes","no")\n\n8. Missing Attribute Values: None\n')

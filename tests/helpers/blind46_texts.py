"""Round forty-six's text and table builders (tests/helpers/blind46.py holds the batch, its docstring and truth rules).

Split out of blind46.py to keep each module under ~450 lines; nothing here is imported elsewhere.
"""

from __future__ import annotations

from collections.abc import Iterator

from helpers.shipped import _words
from helpers.unseen4 import Put, aux
from helpers.unseen4 import _csv as csv_cells
from helpers.unseen4 import row as _row

# ------------------------------------------------------------------------------------------------
# Text: tweets about ChatGPT by sentiment; Reddit posts by depression
# ------------------------------------------------------------------------------------------------

_SENTIMENTS = ["neutral", "good", "bad", "good", "neutral", "bad", "good"]


def chatgpt() -> Iterator[Put]:
    # ChatGPT Sentiment Analysis (kaggle charunisa/chatgpt-sentiment-analysis, 219,293 tweets of early 2023). CHECKED
    # 2026-11-29 against readers in the code corpus (find_string 'chatgpt-sentiment-analysis': "df = pd.read_csv(
    # 'assets/file.csv'); df.dropna(inplace=True); df = df[['tweets', 'labels']]"; "three columns: Serial number, tweets
    # (text), and labels (sentiment) ... The 'tweets' column contains unprocessed tweets, while the 'labels' column
    # indicates the sentiment of each tweet, categorized as 'good,' 'neutral,' or 'bad.'"; "Columnas: `Unnamed: 0` —
    # índice, `tweets` — texto del tweet, `labels` — etiqueta de sentimiento"; "| 0 | ChatGPT: Optimizing Language
    # Models for Dialogue https://t.co/K9rKRygYyn @OpenAI | neutral |"). The header's empty first cell (a pandas
    # index written by to_csv), tweets with links, mentions, hashtags, quotes and line breaks (quoted cells) are as
    # remembered. Truth: each tweet a record "file.csv:<i>" (no split: "train"), its text the tweets cell, labelled
    # by labels (good, neutral, bad). Simplified: 14 tweets, ASCII
    lines = [",tweets,labels"]
    for i in range(14):
        label = _SENTIMENTS[i % len(_SENTIMENTS)]
        text = f"{_words(f'cg{i}', 6 + i % 9).capitalize()} #ChatGPT https://t.co/{(i * 7919) % 10**10:010d}"
        if i % 4 == 1:
            text = f"@OpenAI {text}"
        if i % 5 == 3:
            text = f'"{_words(f"cq{i}", 3)}" they said.\n\n{text}'
        lines.append(csv_cells(str(i), text, label))
        yield _row(f"file.csv:{i}", "train", label, text)
    yield aux("file.csv", "\n".join(lines) + "\n")


DEPRESSION_ALIASES = {"depression": {"1"}, "not_depression": {"0"}}


def depression() -> Iterator[Put]:
    # Depression: Reddit Dataset (Cleaned) (kaggle infamouscoder/depression-reddit-cleaned, 7,731 posts). CHECKED
    # 2026-11-29 against readers in the code corpus (find_string 'depression_dataset_reddit_cleaned': "dataset =
    # pd.read_csv('...depression_dataset_reddit_cleaned.csv'); sentences = dataset['clean_text']; labels =
    # dataset['is_depression'] ... 7731개의 행"; "data.rename({'clean_text':'text', 'is_depression':'depression'}, ...)
    # ... (the cleaned dataset got rid of punctuations)"; "dep = df[df['is_depression'] == 1]['cl..."). The posts in
    # lower case without punctuation, some long, are as remembered. Truth: each post a record
    # "depression_dataset_reddit_cleaned.csv:<i>" (no split: "train"), its text the clean_text, labelled by
    # is_depression (1 depression, 0 not_depression; the digits accepted for the names). Simplified: 12 posts
    lines = ["clean_text,is_depression"]
    for i in range(12):
        flag = (i * 5 + 2) % 3 != 0
        text = _words(f"dp{i}", 7 + (i * 11) % 30)
        lines.append(csv_cells(text, "1" if flag else "0"))
        yield _row(f"depression_dataset_reddit_cleaned.csv:{i}", "train", "depression" if flag else "not_depression", text)
    yield aux("depression_dataset_reddit_cleaned.csv", "\n".join(lines) + "\n")


# ------------------------------------------------------------------------------------------------
# Table: UCI's dry beans, an ARFF of 16 shape measurements and a Class, beside the same as .xlsx
# ------------------------------------------------------------------------------------------------

_BEANS = ["SEKER", "BARBUNYA", "BOMBAY", "CALI", "DERMASON", "HOROZ", "SIRA"]
_MEASURES = [
    "Area",
    "Perimeter",
    "MajorAxisLength",
    "MinorAxisLength",
    "AspectRation",
    "Eccentricity",
    "ConvexArea",
    "EquivDiameter",
    "Extent",
    "Solidity",
    "roundness",
    "Compactness",
    "ShapeFactor1",
    "ShapeFactor2",
    "ShapeFactor3",
    "ShapeFactor4",
]


def dry_bean() -> Iterator[Put]:
    # Dry Bean Dataset (Koklu & Ozkan 2020, UCI 602, 13,611 beans of 7 varieties). CHECKED 2026-11-29 against readers in
    # the code corpus (find_string 'Dry_Bean_Dataset.arff': "'url': 'https://archive.ics.uci.edu/static/public/602/
    # dry+bean+dataset.zip' ... 'member': 'DryBeanDataset/Dry_Bean_Dataset.arff', 'upstream_rows': 13611, 'category':
    # 'Class'"; "df = pd.read_csv(StringIO(data), skiprows=25, sep=',', names=['Area','Perimeter','MajorAxisLength',
    # 'MinorAxisLength','AspectRation','Eccentricity','ConvexArea','EquivDiameter','Extent','Solidity','roundness',
    # 'Compactness','ShapeFactor1','ShapeFactor2','ShapeFactor3','Shapefactor4', ...]"; "beans <- read.csv(url, header =
    # FALSE, comment.char = '@' ..."; find_string 'Dry_Bean_Dataset': "pd.read_excel('DryBeanDataset/
    # Dry_Bean_Dataset.xlsx')"; "if type == 'SEKER' ... 'BARBUNYA' ... 'BOMBAY' ... 'CALI' ... 'DERMASON' ...
    # 'HOROZ'"). The ARFF's exact header lines (types, tabs, blank lines) and the .xlsx being the same 13,611 rows are as
    # remembered. Truth: each data row of the ARFF a record "Dry_Bean_Dataset.arff:<i>" (no split: "train") labelled by
    # Class; no text (a row of measurements: media "table"); the .xlsx a copy in a format no reader here opens.
    # Simplified: 14 rows, 2 a variety; the .xlsx a placeholder zip (no xlsx writer here)
    from helpers.blind45 import _xlsx_placeholder

    header = ["@RELATION\tDry_Bean_Dataset", ""]
    header += [f"@ATTRIBUTE\t{name}\t{'INTEGER' if name in ('Area', 'ConvexArea') else 'REAL'}" for name in _MEASURES]
    header += ["@ATTRIBUTE\tClass\t{" + ",".join(_BEANS) + "}", "", "@DATA"]
    lines = list(header)
    for i in range(14):
        bean = _BEANS[(i * 3) % 7]
        area = 28395 + i * 9137 % 60000
        cells = [str(area), f"{610.291 + i * 37.7:.3f}", f"{208.1781167 + i * 13.1:.7f}", f"{173.888747 + i * 5.3:.6f}"]
        cells += [f"{1.197191424 + i * 0.031:.9f}", f"{0.549812187 + i * 0.017:.9f}", str(area + 320 + i * 11)]
        cells += [f"{190.1410973 + i * 4.4:.7f}", f"{0.763922518 - i * 0.003:.9f}", f"{0.988855999 - i * 0.001:.9f}"]
        cells += [f"{0.958027126 - i * 0.004:.9f}", f"{0.913357755 - i * 0.006:.9f}", f"{0.007331506 - i * 0.0001:.9f}"]
        cells += [f"{0.003147289 - i * 0.00005:.9f}", f"{0.834222388 - i * 0.01:.9f}", f"{0.998723889 - i * 0.0002:.9f}"]
        lines.append(",".join([*cells, bean]))
        yield _row(f"Dry_Bean_Dataset.arff:{i}", "train", bean)
    yield aux("Dry_Bean_Dataset.arff", "\n".join(lines) + "\n")
    yield aux("Dry_Bean_Dataset.xlsx", _xlsx_placeholder())

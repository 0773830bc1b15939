"""Round fifty-one's text and table builders (tests/helpers/blind51.py holds the batch, its docstring and truth rules).

Split out of blind51.py to keep each module under ~450 lines; nothing here is imported elsewhere.
"""

from __future__ import annotations

from collections.abc import Iterator

from helpers.shipped import _words
from helpers.unseen4 import Put, aux
from helpers.unseen4 import _csv as csv_cells
from helpers.unseen4 import row as _row

# ------------------------------------------------------------------------------------------------
# Text: mental health statements by status; news articles by topic number
# ------------------------------------------------------------------------------------------------

_STATUSES = ["Anxiety", "Normal", "Depression", "Suicidal", "Stress", "Bipolar", "Personality disorder"]


def mental_health() -> Iterator[Put]:
    # Sentiment Analysis for Mental Health (kaggle suchintikasarkar/sentiment-analysis-for-mental-health, 53,043
    # statements). CHECKED 2026-11-29 against readers in the code corpus (find_string 'Combined Data.csv': "df =
    # pd.read_csv('Combined Data.csv') ... df.groupby('status', ...)"; a table "Combined Data.csv | 53,000 | Normal,
    # Depression, Suicidal, Anxiety, Bipolar, Stress, Personality disorder | Direct mapping (7 classes)"; "DATA_PATH =
    # Path('data/Combined Data.csv')"; find_string '"statement", "status"': "REQUIRED_COLUMNS = ['statement',
    # 'status']"). The first column without a name (the index pandas wrote: ',statement,status' then '0,oh my gosh,
    # Anxiety'), the statements running over lines and a status spelled with a space ('Personality disorder') are as
    # remembered. Truth: each statement a record "Combined Data.csv:<i>" (no split: "train"), its text the statement,
    # labelled by status. Simplified: 14 statements, 2 of each status, no empty statement (the download holds a few
    # hundred, left out)
    lines = [",statement,status"]
    for i in range(14):
        status = _STATUSES[i % len(_STATUSES)]
        text = _words(f"mh{i}", 6 + i % 9)
        if i % 4 == 1:
            text = f"{text}\n{_words(f'mi{i}', 5)}, {_words(f'mj{i}', 4)}."
        lines.append(f"{i}," + csv_cells(text, status))
        yield _row(f"Combined Data.csv:{i}", "train", status, text)
    yield aux("Combined Data.csv", "\n".join(lines) + "\n")


TOPIC_ALIASES = {"Politics": {"0"}, "Sport": {"1"}, "Technology": {"2"}, "Entertainment": {"3"}, "Business": {"4"}}
_TOPICS = list(TOPIC_ALIASES)


def text_documents() -> Iterator[Put]:
    # Text Document Classification Dataset (kaggle sunilthite/text-document-classification-dataset, 2,225 BBC news
    # articles). CHECKED 2026-11-29 against readers in the code corpus (find_string 'df_file.csv': "The dataset ...
    # [Text Document Classification Dataset](https://www.kaggle.com/datasets/sunilthite/text-document-classification-
    # dataset) ... Download the datset, which gives you a zip file `df_file.csv.zip` - Extract this zip file and add
    # the `df_file.csv`"; "df = pd.read_csv('df_file.csv') ... if 'Text' not in df.columns"; "df.loc[df['Label'] ==
    # 0] ... df.drop(['Text'], axis=1)"). The column order 'Text,Label', the five topics numbered 0 Politics, 1 Sport,
    # 2 Technology, 3 Entertainment, 4 Business (the dataset's page, not a file of the download) and the articles
    # over several paragraphs are as remembered. Truth: each article a record "df_file.csv:<i>" (no split: "train"),
    # its text the Text, labelled by topic (the numbers accepted for the names). Simplified: 10 articles, 2 a topic
    lines = ["Text,Label"]
    for i in range(10):
        topic = (i * 3) % 5
        text = f"{_words(f'dt{i}', 6).capitalize()}\n\n{_words(f'db{i}', 14 + i)}. {_words(f'dc{i}', 9)}."
        lines.append(csv_cells(text, str(topic)))
        yield _row(f"df_file.csv:{i}", "train", _TOPICS[topic], text)
    yield aux("df_file.csv", "\n".join(lines) + "\n")


# ------------------------------------------------------------------------------------------------
# Table: sonar returns, 60 energies and R/M last, no header
# ------------------------------------------------------------------------------------------------


def sonar() -> Iterator[Put]:
    # Connectionist Bench (Sonar, Mines vs. Rocks) (Gorman and Sejnowski 1988; UCI, 208 returns). CHECKED 2026-11-29
    # against readers in the code corpus (find_string 'sonar.all-data': "target_url = ('http://archive.ics.uci.edu/ml/
    # machine-learning-databases/undocumented/connectionist-bench/sonar/sonar.all-data'); rocksVMines = pd.read_csv(
    # target_url, header=None, prefix='V'); for i in range(208): if rocksVMines.iat[i, 60] == 'M'"; "dataset =
    # pd.read_csv(url, header=None); y = dataset[60].to_numpy(); X = dataset.drop([60], axis=1)"; "#assign 0 or 1
    # target value based on 'M' or 'R' labels"; "dataLoader = SonarDataLoader(dataFile='data/sonar.all-data');
    # dataLoader.loadDataAsList(labelIdx=-1)"). The four-decimal energies ('0.0200,0.0371,...') and the sonar.names
    # description beside are as remembered. Truth: each row a record "sonar.all-data:<i>" (no split: "train")
    # labelled by its last field (R: a rock, M: a metal cylinder, a mine); no text (media "table"). Simplified: 12
    # rows; the download's sonar.mines and sonar.rocks (the same returns in another form) left out
    lines = []
    for i in range(12):
        cls = "R" if i % 3 else "M"
        energies = [f"{((i * 7 + k * 13) % 997) / 1000:.4f}" for k in range(60)]
        lines.append(",".join([*energies, cls]))
        yield _row(f"sonar.all-data:{i}", "train", cls)
    yield aux("sonar.all-data", "\n".join(lines) + "\n")
    yield aux(
        "sonar.names",
        "NAME: Sonar, Mines vs. Rocks\n\nSUMMARY: This is the data set used by Gorman and Sejnowski in their study\n"
        "of the classification of sonar signals using a neural network.\n\nNUMBER OF INSTANCES: 208\n"
        'NUMBER OF ATTRIBUTES: 60\n\nThe label associated with each record contains the letter "R" if the object\n'
        'is a rock and "M" if it is a mine (metal cylinder).\n',
    )

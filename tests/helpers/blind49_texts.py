"""Round forty-nine's text and table builders (tests/helpers/blind49.py holds the batch, its docstring and truth rules).

Split out of blind49.py to keep each module under ~450 lines; nothing here is imported elsewhere.
"""

from __future__ import annotations

from collections.abc import Iterator

from helpers.shipped import _words
from helpers.unseen4 import Put, aux
from helpers.unseen4 import _csv as csv_cells
from helpers.unseen4 import row as _row

# ------------------------------------------------------------------------------------------------
# Text: IT help desk tickets by topic group; short texts by emotion
# ------------------------------------------------------------------------------------------------

_TOPICS = [
    "Hardware",
    "HR Support",
    "Access",
    "Miscellaneous",
    "Storage",
    "Purchase",
    "Internal Project",
    "Administrative rights",
]


def it_tickets() -> Iterator[Put]:
    # IT Service Ticket Classification Dataset (kaggle adisongoh/it-service-ticket-classification-dataset, CC0, 47,837
    # tickets). CHECKED 2026-11-29 against readers in the code corpus (find_string 'all_tickets_processed': "Local file:
    # data/raw/it-service-ticket-classification/all_tickets_processed_improved_v3.csv ... Shape: 47,837 rows, two
    # columns"; "Columns: `Document`, `Topic_group` | Number of classes: 8 ... Hardware 13,617 | HR Support 10,915 |
    # Access 7,125 | Miscellaneous 7,060 | Storage 2,777 | Purchase 2,464 | Internal Project 2,119 | Administ...";
    # "x_train = dataset['Document']; y_train = dataset['Topic_group']"; "df = pd.read_csv(DATA_PATH, encoding=
    # 'latin-1')"). The column order 'Document,Topic_group' and the documents being lower-case words without
    # punctuation (the 'processed' of the name) are as remembered. Truth: each ticket a record
    # "all_tickets_processed_improved_v3.csv:<i>" (no split: "train"), its text the Document, labelled by
    # Topic_group. Simplified: 16 tickets, two of each group, ASCII
    lines = ["Document,Topic_group"]
    for i in range(16):
        topic = _TOPICS[(i * 3) % len(_TOPICS)]
        text = f"{_words(f'tk{i}', 3)} request {_words(f'tq{i}', 6 + i % 9)} thank you kind regards {_words(f'tr{i}', 2)}"
        lines.append(csv_cells(text, topic))
        yield _row(f"all_tickets_processed_improved_v3.csv:{i}", "train", topic, text)
    yield aux("all_tickets_processed_improved_v3.csv", "\n".join(lines) + "\n")


_EMOTIONS = ["sadness", "anger", "love", "surprise", "fear", "happy"]


def emotions() -> Iterator[Put]:
    # Emotions in text (kaggle ishantjuyal/emotions-in-text, ~21,000 short texts). CHECKED 2026-11-29 against readers
    # in the code corpus (find_string 'Emotion_final.csv': "df = pd.read_csv('/kaggle/input/emotions-in-text/
    # Emotion_final.csv')"; "for (i, row) in instance[instance['Emotion'] == emotion].iterrows(): ... fp.write(row[
    # 'Text'])"; "targets = list(df['Emotion']); corpus = list(df['Text'])"; "my_nn_emotions = ['anger', 'fear',
    # 'happy', 'sadness', ]" (a subset of its emotions); "predictor = get_predictor('https://raw.githubusercontent.com/
    # ishantjuyal/Emotions-Detection/main/Data/Emotion_final.csv')"). The column order 'Text,Emotion', the six
    # emotions (sadness, anger, love, surprise, fear, happy) and the lower-case 'i feel ...' texts are as remembered.
    # Truth: each text a record "Emotion_final.csv:<i>" (no split: "train"), labelled by Emotion. Simplified: 12 texts
    lines = ["Text,Emotion"]
    for i in range(12):
        emotion = _EMOTIONS[(i * 5) % len(_EMOTIONS)]
        text = f"i {'feel' if i % 3 else 'am feeling'} {_words(f'em{i}', 5 + i % 8)}"
        lines.append(csv_cells(text, emotion))
        yield _row(f"Emotion_final.csv:{i}", "train", emotion, text)
    yield aux("Emotion_final.csv", "\n".join(lines) + "\n")


# ------------------------------------------------------------------------------------------------
# Table: cardiotocography measurements, the class the last of 22 columns, written as decimals
# ------------------------------------------------------------------------------------------------

FETAL_ALIASES = {"normal": {"1.0", "1"}, "suspect": {"2.0", "2"}, "pathological": {"3.0", "3"}}
_FETAL = {1: "normal", 2: "suspect", 3: "pathological"}
_CTG = [
    "baseline value",
    "accelerations",
    "fetal_movement",
    "uterine_contractions",
    "light_decelerations",
    "severe_decelerations",
    "prolongued_decelerations",
    "abnormal_short_term_variability",
    "mean_value_of_short_term_variability",
    "percentage_of_time_with_abnormal_long_term_variability",
    "mean_value_of_long_term_variability",
    "histogram_width",
    "histogram_min",
    "histogram_max",
    "histogram_number_of_peaks",
    "histogram_number_of_zeroes",
    "histogram_mode",
    "histogram_mean",
    "histogram_median",
    "histogram_variance",
    "histogram_tendency",
]


def fetal_health() -> Iterator[Put]:
    # Fetal Health Classification (kaggle andrewmvd/fetal-health-classification: 2,126 cardiotocograms, Ayres de Campos
    # et al. 2000). CHECKED 2026-11-29 against readers in the code corpus (find_string 'fetal_health.csv': "features =
    # ['baseline value', 'accelerations', 'fetal_movement', 'uterine_contractions', 'light_decelerations',
    # 'severe_decelerations', 'prolongued_decelerations', 'abnormal_short_term_variability', 'mean_value_of_short_term_
    # variability', 'percentage_of_time_with_abnormal_long_term_variability', 'mean_value_..."; "fetal_health_data$
    # histogram_number_of_peaks"; "X = df.drop('fetal_health', axis=1); y = df['fetal_health'] - 1 # Convert to 0,1,2";
    # "a = fetal_health[fetal_health.columns.to_list()[:-1]]; b = fetal_health['fetal_health']" (the last column);
    # "Fetal CTG status: normal | suspect | pathological (dataset labels 1 / 2 / 3)"). The other histogram columns'
    # names and every value written as a decimal ('120.0', '0.006', 'fetal_health' '2.0') are as remembered. Truth:
    # each row a record "fetal_health.csv:<i>" (no split: "train") labelled normal, suspect or pathological (its 1.0,
    # 2.0, 3.0 accepted for the names); no text (a row of measurements: media "table"). Simplified: 12 rows
    lines = [",".join(_CTG + ["fetal_health"])]
    for i in range(12):
        cls = (1, 1, 2, 1, 3, 2)[i % 6]
        cells = [
            f"{120.0 + (i * 7) % 40:.1f}",
            f"{(i % 4) * 0.003:.3f}",
            f"{(i % 3) * 0.01:.3f}",
            f"{0.002 + (i % 5) * 0.001:.3f}",
        ]
        cells += [f"{(i % 2) * 0.002:.3f}", "0.0", f"{(cls == 3) * 0.002:.3f}", f"{30.0 + i * 4.5:.1f}", f"{0.5 + i * 0.1:.1f}"]
        cells += [
            f"{(i * 11) % 60:.1f}",
            f"{4.0 + i * 0.7:.1f}",
            f"{60.0 + i * 5:.1f}",
            f"{70.0 + i:.1f}",
            f"{130.0 + i * 6:.1f}",
        ]
        cells += [f"{float(i % 9):.1f}", f"{float(i % 2):.1f}", f"{140.0 + i:.1f}", f"{137.0 + i:.1f}", f"{138.0 + i:.1f}"]
        cells += [f"{float((i * 13) % 30):.1f}", f"{float(i % 3 - 1):.1f}", f"{float(cls):.1f}"]
        lines.append(",".join(cells))
        yield _row(f"fetal_health.csv:{i}", "train", _FETAL[cls])
    yield aux("fetal_health.csv", "\n".join(lines) + "\n")

"""Round fifty's text and table builders (tests/helpers/blind50.py holds the batch, its docstring and truth rules).

Split out of blind50.py to keep each module under ~450 lines; nothing here is imported elsewhere.
"""

from __future__ import annotations

from collections.abc import Iterator

from helpers.shipped import _words
from helpers.unseen4 import Put, aux
from helpers.unseen4 import _csv as csv_cells
from helpers.unseen4 import row as _row

# ------------------------------------------------------------------------------------------------
# Text: poems by genre; Roman Urdu comments by sentiment
# ------------------------------------------------------------------------------------------------

_GENRES = ["Music", "Death", "Environment", "Affection"]


def poems() -> Iterator[Put]:
    # Poem Classification (NLP) (kaggle ramjasmaurya/poem-classification-nlp: 841 train and 150 test poems of 4
    # genres). CHECKED 2026-11-29 against readers in the code corpus (find_string 'Poem_classification': "self.train =
    # pd.read_csv(r'data/Poem_classification_train_data.csv'); self.train.dropna(inplace=True); self.test = pd.read_csv(
    # r'data/Poem_classification_test_data.csv'); self.X_train = self.train['Poem']; self.y_train = self.train['Genre']
    # ... self.y_test = self.test['Genre']"; "pd.read_csv('https://raw.githubusercontent.com/.../Poem_classification%20-
    # %20train_data.csv') ... 'Poem_classification%20-%20test_data.csv'"; a README "Training Dataset: `Poem_classification
    # - train_data.csv`; Test Dataset: `Poem_classification - test_data.csv` ... Poem: The text of the poem. Genre: The
    # corresponding category"; "read_data('./data/Poem_classification - train_data.csv')"). The column order
    # 'Genre,Poem', the four genres (Music, Death, Environment, Affection) and the poems as one quoted line with commas
    # are as remembered. Truth: each row a record "<file>:<i>" of the split its file's name says (train_data -> train,
    # test_data -> test), its text the Poem, labelled by Genre. Simplified: 10 train and 4 test poems, none empty (the
    # download's few empty poems left out: their record's truth is not settled by the loaders, which drop them)
    for split, count in (("train", 10), ("test", 4)):
        name = f"Poem_classification - {split}_data.csv"
        lines = ["Genre,Poem"]
        for i in range(count):
            genre = _GENRES[(i * 3 + (split == "test")) % 4]
            text = f"{_words(f'pm{split}{i}', 5).capitalize()}, {_words(f'pn{split}{i}', 6 + i % 5)}"
            lines.append(csv_cells(genre, text))
            yield _row(f"{name}:{i}", split, genre, text)
        yield aux(name, "\n".join(lines) + "\n")


_URDU = [
    "acha",
    "bohat",
    "kharab",
    "zabardast",
    "nahi",
    "hai",
    "ye",
    "to",
    "mein",
    "kya",
    "yar",
    "sahi",
    "bakwas",
    "pasand",
    "aya",
    "tha",
    "larki",
    "wo",
    "bhi",
    "phir",
]
_SENTIMENTS = ["Positive", "Negative", "Neutral"]


def _urdu(key: int, n: int) -> str:
    return " ".join(_URDU[(key * 7 + k * 13 + k * k) % len(_URDU)] for k in range(n))


def roman_urdu() -> Iterator[Put]:
    # Roman Urdu Data Set (Sharf & Rahman; UCI 458, 20,229 comments in Roman Urdu, sentiments Positive, Negative,
    # Neutral). CHECKED 2026-11-29 against readers in the code corpus (find_string 'Roman Urdu DataSet.csv': "pd.read_csv(
    # 'Dataset/Roman Urdu DataSet.csv', encoding='ISO-8859-1', header=None) ... X = numpy_array[:, 0] ... y_train =
    # numpy_array[:, 1]"; "pd.read_csv('data/Roman Urdu DataSet.csv', names=['text', 'sentiment', 'third']) # Final column
    # does not appear to provide any useful information. We can drop it ... df['sentiment'].replace('Neative',
    # 'Negative') # Fix typo"; "df.columns=['message','sentiment','notuseful'] ... df.loc[df['sentiment']=='Neative',
    # 'sentiment']='Negative'"; "'Neative' sentiment will be most likely Negative, so it is replaced accordingly"). The
    # third column's rare value '----------' and the latin-1 letters in a few comments are as remembered. Truth: each
    # row a record "Roman Urdu DataSet.csv:<i>" (no split: "train"; no header, so row 0 is a comment), its text the first
    # column, labelled by the second: Positive, Negative, Neutral (the one 'Neative' is Negative, as every reader
    # mends it). Simplified: 12 comments, none empty
    lines = []
    for i in range(12):
        sentiment = _SENTIMENTS[(i * 2 + i // 3) % 3]
        text = _urdu(i, 4 + i % 6) + (" caf\u00e9 wala" if i == 4 else "") + (", " + _urdu(i + 5, 3) if i % 4 == 1 else "")
        spelled = "Neative" if i == 7 and sentiment == "Negative" else sentiment
        third = "----------" if i == 9 else ""
        lines.append(csv_cells(text, spelled, third))
        yield _row(f"Roman Urdu DataSet.csv:{i}", "train", sentiment, text)
    assert any(",Neative," in line for line in lines), "the misspelled row is part of the miniature"
    yield aux("Roman Urdu DataSet.csv", "\n".join(lines) + "\n", encoding="latin-1")


# ------------------------------------------------------------------------------------------------
# Table: eating habits and physical condition, the obesity level last of 17 columns
# ------------------------------------------------------------------------------------------------

_LEVELS = [
    "Insufficient_Weight",
    "Normal_Weight",
    "Overweight_Level_I",
    "Overweight_Level_II",
    "Obesity_Type_I",
    "Obesity_Type_II",
    "Obesity_Type_III",
]
_TRANSPORT = ["Public_Transportation", "Walking", "Automobile", "Motorbike", "Bike"]
_FREQ = ["no", "Sometimes", "Frequently", "Always"]


def obesity() -> Iterator[Put]:
    # Estimation of obesity levels based on eating habits and physical condition (Palechor & de la Hoz Manotas 2019; UCI
    # 544, 2,111 rows, 77% synthetic (SMOTE)). CHECKED 2026-11-29 against readers in the code corpus (find_string
    # 'ObesityDataSet_raw_and_data_sinthetic': "df = pd.read_csv('ObesityDataSet_raw_and_data_sinthetic.csv'); x, y =
    # split_x_y(df)"; "datasetName='ObesityDataSet_raw_and_data_synthetic' ... columnName='NObeyesdad', initialArray=
    # ['Insufficient_Weight', ..."; find_string 'NObeyesdad': "Target variable: NObeyesdad ... Insufficient Weight, Normal
    # Weight, Overweight Level I, Overweight Level II, Obesity Type I, Obesity Type II, Obesity Type III"; "binary_cols =
    # ['Gender', 'family_history_with_overweight', 'FAVC', 'SMOKE', 'SCC']"; "calcMap = { no: 0, Sometimes: 1,
    # Frequently: 2, Always: 3 } ... mtransMap = { Public_Transportation: 0, Walking: 1, Automobile: 2, Motorbike: 3,
    # Bike: 4 }"; "s_data.astype({'Age': 'int', 'FCVC': 'int', 'NCP': 'int', 'CH2O': 'int', 'FAF': 'int', 'TUE': 'int'})"
    # (decimals in the synthetic rows)). The column order 'Gender,Age,Height,Weight,family_history_with_overweight,FAVC,
    # FCVC,NCP,CAEC,SMOKE,CH2O,SCC,FAF,TUE,CALC,MTRANS,NObeyesdad' (the label last) and the first rows' whole numbers
    # beside the synthetic rows' long decimals are as remembered. Truth: each row a record
    # "ObesityDataSet_raw_and_data_sinthetic.csv:<i>" (no split: "train") labelled by NObeyesdad; no text (a row of
    # measurements and answers: media "table"). Simplified: 14 rows, two of each level
    header = (
        "Gender,Age,Height,Weight,family_history_with_overweight,FAVC,FCVC,NCP,CAEC,SMOKE,CH2O,SCC,FAF,TUE,CALC,MTRANS,NObeyesdad"
    )
    lines = [header]
    for i in range(14):
        level = _LEVELS[(i * 3) % 7]
        synthetic = i >= 5
        height = 1.52 + (i * 37 % 40) / 100
        weight = 45 + (i * 3 % 7) * 14 + i % 3
        cells = [
            "Female" if i % 2 else "Male",
            f"{18 + i * 1.37:.6f}" if synthetic else str(18 + i * 2),
            f"{height:.6f}" if synthetic else f"{height:.2f}",
            f"{weight + 0.318204:.6f}" if synthetic else str(weight),
            "yes" if i % 3 else "no",
            "yes" if i % 4 else "no",
            f"{1 + (i * 7 % 20) / 10:.6f}" if synthetic else str(1 + i % 3),
            f"{1 + (i * 11 % 30) / 10:.6f}" if synthetic else str(1 + i % 4),
            _FREQ[1 + i % 3],
            "no" if i % 5 else "yes",
            f"{1 + (i * 13 % 20) / 10:.6f}" if synthetic else str(1 + i % 3),
            "no",
            f"{(i * 17 % 30) / 10:.6f}" if synthetic else str(i % 3),
            f"{(i * 19 % 20) / 10:.6f}" if synthetic else str(i % 2),
            _FREQ[i % 3],
            _TRANSPORT[i % 5],
            level,
        ]
        lines.append(",".join(cells))
        yield _row(f"ObesityDataSet_raw_and_data_sinthetic.csv:{i}", "train", level)
    yield aux("ObesityDataSet_raw_and_data_sinthetic.csv", "\n".join(lines) + "\n")

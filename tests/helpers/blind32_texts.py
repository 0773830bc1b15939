"""Round thirty-two's text and multi-label builders (tests/helpers/blind32.py holds the batch, its docstring and truth rules).

Split out of blind32.py to keep each module under ~450 lines; nothing here is imported elsewhere.
"""

from __future__ import annotations

from collections.abc import Iterator

from helpers.blind23 import _pic
from helpers.shipped import _words
from helpers.unseen4 import Put, aux
from helpers.unseen4 import _csv as csv_cells
from helpers.unseen4 import given as _file


def _row(path: str, split: str | None, labels, text=None) -> Put:
    """A row record; `labels` one name, a collection of names, or None (unlabelled)."""
    if labels is not None and isinstance(labels, str):
        labels = [labels]
    return Put(path, record=True, split=split, labels=None if labels is None else frozenset(labels), text=text)


# ------------------------------------------------------------------------------------------------
# Text: a folder of review files per sentiment; a CSV of texts and their language
# ------------------------------------------------------------------------------------------------

def movie_reviews() -> Iterator[Put]:
    # Movie Review Data, polarity dataset v2.0 (Pang and Lee, ACL 2004; cs.cornell.edu/people/pabo/movie-review-data/
    # review_polarity.tar.gz). CHECKED 2026-11-29 against readers in the code corpus (find_string 'txt_sentoken':
    # "negDir = 'txt_sentoken/neg/'; posDir = 'txt_sentoken/pos/'"; "load_doc('datasets/review_polarity/txt_sentoken/
    # neg/cv004_12641.txt')"; "reviews = load_files('txt_sentoken/')"; find_string 'poldata.README': "├─── poldata.
    # README.2.0 ├─── txt_sentoken/ │ ├─── pos/ cv999_13106.txt, cv998_14111.txt, ... │ ├─── neg/ cv999_14636.txt,
    # cv998_15691.txt"; "polarity dataset v2.0 ... 1000 positive and 1000 negative processed reviews"). The reviews
    # as lower-cased tokenised lines, one sentence a line, are as remembered. Truth: each .txt a record (no split:
    # "train") labelled by its folder (pos, neg), its text the file; the README no record. Simplified: 6 reviews a class
    yield aux("review_polarity/poldata.README.2.0", "\n=======\n\nIntroduction\n\nThis README v2.0 (June, 2004) for the "
              "v2.0 polarity dataset comes from\nthe URL http://www.cs.cornell.edu/people/pabo/movie-review-data .\n\n"
              "=======\n\nWhat is the data?\n\nThe \"polarity dataset v2.0\" ... 1000 positive and 1000 negative\n"
              "processed reviews.\n")
    for c, cls in enumerate(("neg", "pos")):
        for i in range(6):
            name = f"cv{i * 167 + c * 3:03d}_{12641 + 977 * i + 5 * c}.txt"
            text = "".join(_words(f"mr{cls}{i}{k}", 9 + k).replace(" ", " , ", 1) + " . \n" for k in range(3 + i % 3))
            yield Put(f"review_polarity/txt_sentoken/{cls}/{name}", data=text, record=True, split="train",
                      labels=frozenset([cls]), text=text)


_LANGS = ["English", "Malayalam", "Hindi", "Tamil", "Portugeese", "French", "Dutch", "Spanish", "Greek", "Russian",
          "Danish", "Italian", "Turkish", "Sweedish", "Arabic", "German", "Kannada"]
_SAMPLE = {"Malayalam": "ഇത് ഒരു വാക്യം ആണ്", "Hindi": "यह एक वाक्य है", "Tamil": "இது ஒரு வாக்கியம்",
           "Greek": "αυτή είναι μια πρόταση", "Russian": "это предложение", "Arabic": "هذه جملة", "Kannada": "ಇದು ಒಂದು ವಾಕ್ಯ"}


def language_detection() -> Iterator[Put]:
    # Language Detection (kaggle basilb2s/language-detection, 10,337 texts in 17 languages). CHECKED 2026-11-29 against
    # readers in the code corpus (find_string 'Language Detection.csv': "data = pd.read_csv('Language Detection.csv') ...
    # X = data['Text']; y = data['Language']"; "--> Language Detection.csv -> original dataset downloaded from Kaggle
    # (https://www.kaggle.com/datasets/basilb2s/language-detection)"; "10,337 text samples, 17 language classes ... Main
    # columns: Text, Language"; "data.drop_duplicates"). The language names as the file spells them ('Portugeese',
    # 'Sweedish') and the texts in their own scripts are as remembered. Truth: each row a record "Language
    # Detection.csv:<i>" (no split: "train") labelled by its Language, its text the Text cell. Simplified: 20 rows,
    # some quoted with commas, some repeated (the release holds duplicates)
    lines = ["Text,Language"]
    for i in range(20):
        lang = _LANGS[(i * 5) % len(_LANGS)]
        text = _SAMPLE.get(lang, _words(f"ld{i}", 6 + i % 4).capitalize()) + (f" {i}" if lang in _SAMPLE else "")
        if i % 6 == 1:
            text += ", " + _words(f"ldx{i}", 3) + "."
        if i == 17:  # a repeated text (the release keeps its duplicates)
            text, lang = lines[1].rsplit(",", 1)[0].strip('"'), _LANGS[0]
        lines.append(csv_cells(text, lang))
        yield _row(f"Language Detection.csv:{i}", "train", lang, text)
    yield aux("Language Detection.csv", "\n".join(lines) + "\n")


# ------------------------------------------------------------------------------------------------
# Multi-label: colour-and-garment folders
# ------------------------------------------------------------------------------------------------

_APPAREL = ["black_dress", "black_pants", "black_shirt", "black_shoes", "blue_dress", "blue_pants", "blue_shirt",
            "brown_shoes", "green_shorts", "red_dress", "white_pants", "white_shorts"]


def apparel() -> Iterator[Put]:
    # Apparel images dataset (kaggle trolukovich/apparel-images-dataset, 11,385 images, for multi-label classification
    # of colour and garment). CHECKED 2026-11-29 against readers in the code corpus (find_string 'apparel-images-
    # dataset': "label_path_dict = {'red_shoes': ['red_shoes'], 'green_pants': ...}"; a README counting its folders
    # "green_shorts: 135 ... kırmızı_elbise (red_dress): 800 ... beyaz_şort (white_shorts): 120"; "default_task_name =
    # 'color'"; "11385 images and includes categories of blue, black, red, brown, blue, green, white apparels"; a
    # Korean notebook "다중레이블 데이터 (multi-label data): 빨강 파랑 신발 드레스 (red, blue, shoes, dress) 1 0 1 0 ... sigmoid,
    # binary_crossentropy"; "raw_data_path = './multilabel-classification/data/apparel-images-dataset/'"). The
    # file names (hex hashes '.jpg') are as remembered. Truth: each image a record (no split: "train") labelled by
    # the two words of its folder's name, its colour and its garment ('black_dress': black, dress). Simplified: 12
    # of the 24 folders, 2 images each, 20x16
    for f, folder in enumerate(_APPAREL):
        for i in range(2):
            name = f"{(0x5a3f1e27 * (f * 2 + i + 1)) & 0xffffffff:08x}{i}.jpg"
            yield _file(f"{folder}/{name}", _pic(f"ap{folder}{i}", "JPEG"), "train", set(folder.split("_")))

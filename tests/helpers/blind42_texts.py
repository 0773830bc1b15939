"""Round forty-two's text and table builders (tests/helpers/blind42.py holds the batch, its docstring and truth rules).

Split out of blind42.py to keep each module under ~450 lines; nothing here is imported elsewhere.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from helpers.shipped import _words
from helpers.unseen4 import Put, aux, row
from helpers.unseen4 import _csv as csv_cells

_DS_STORE = b"\x00\x00\x00\x01Bud1\x00\x00\x10\x00\x00\x00\x08\x00"
_APPLEDOUBLE = b"\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X        \x00\x02"


# ------------------------------------------------------------------------------------------------
# Text: tweet threads, a folder per thread, the source tweet's JSON among reactions and metadata
# ------------------------------------------------------------------------------------------------

PHEME_ALIASES = {"rumour": {"rumours", "rumor"}, "non-rumour": {"non-rumours", "nonrumour", "non-rumor"}}
_EVENTS = ("charliehebdo", "ferguson", "germanwings-crash", "sydneysiege")


def _tweet(tweet_id: int, text: str, key: str, reply_to: int | None = None) -> dict:
    """A tweet as Twitter's v1.1 API returned it (the fields the PHEME files keep, fewer of the user's)."""
    return {"contributors": None, "truncated": False, "text": text, "in_reply_to_status_id": reply_to,
            "id": tweet_id, "favorite_count": tweet_id % 40, "source": '<a href="http://twitter.com" rel="nofollow">'
            "Twitter Web Client</a>", "retweeted": False, "coordinates": None,
            "entities": {"symbols": [], "user_mentions": [], "hashtags": [{"text": key.split("-")[0], "indices": [0, 9]}],
                         "urls": []},
            "in_reply_to_screen_name": None, "id_str": str(tweet_id), "retweet_count": tweet_id % 300,
            "in_reply_to_user_id": None, "favorited": False,
            "user": {"id": 10000 + tweet_id % 977, "id_str": str(10000 + tweet_id % 977),
                     "name": _words(f"un{key}", 2).title(), "screen_name": _words(f"us{key}", 1),
                     "description": _words(f"ud{key}", 8).capitalize() + ".", "followers_count": tweet_id % 5000,
                     "verified": tweet_id % 3 == 0, "lang": "en"},
            "geo": None, "lang": "en", "created_at": f"Wed Jan 07 1{tweet_id % 10}:{tweet_id % 60:02d}:07 +0000 2015",
            "place": None}


def pheme() -> Iterator[Put]:
    # PHEME dataset for Rumour Detection and Veracity Classification (Zubiaga et al.; figshare 6392078,
    # PHEME_veracity.tar.bz2). CHECKED 2026-11-29 against readers in the code corpus (find_string 'source-tweets': "Expected
    # raw data layout (after extracting PHEME_veracity.tar.bz2): data/raw/PHEME/all-rnr-annotated-threads/
    # {topic}-all-rnr-threads/ rumours/ {tweet_id}/ source-tweets/{tweet_id}.json reactions/*.json structure.json
    # annotation.json non-rumours/ {tweet_id}/ ..."; "if not news.startswith('._') and news != '.DS_Store': # Skip
    # unwanted files ... os.path.join(event_path, news, 'source-tweets', f'{news}.json')"; "sourcetweet =
    # (sourcedict['text'], sourcedict['id_str'], sourcedict['id'])"; find_string 'non-rumours': "'charliehebdo-all-rnr-
    # threads', 'germanwings-crash-all-rnr-threads', 'ebola-essien-all-rnr-threads', 'sydneysiege-all-rnr-threads'";
    # "structure_file = join(tweet_dir, 'structure.json')"). The tweets' fields (Twitter's v1.1 objects, a user's
    # description among them), annotation.json's keys ('is_rumour', 'category', 'misinformation', 'true') and
    # structure.json's nesting are as remembered. Truth: each thread's source tweet a record, its path the record
    # id (no split: "train"), its text the tweet's 'text', labelled by the folder it sits under (rumour, non-rumour);
    # reactions, structures and annotations no records. Simplified: 4 events, 3 threads each, 1-2 reactions a thread
    base = "all-rnr-annotated-threads"
    for e, event in enumerate(_EVENTS):
        folder = f"{base}/{event}-all-rnr-threads"
        for t in range(3):
            rumour = (e + t) % 2 == 0
            kind = "rumours" if rumour else "non-rumours"
            tid = 552783667052167168 + e * 1000003 + t * 7919
            text = f"#{event.split('-')[0]} " + _words(f"ph{e}{t}", 9 + t) + f" http://t.co/{_words(f'pu{e}{t}', 1)}"
            here = f"{folder}/{kind}/{tid}"
            yield aux(f"{here}/source-tweets/{tid}.json", json.dumps(_tweet(tid, text, f"{event}{t}")))
            yield row(f"{here}/source-tweets/{tid}.json", "train", "rumour" if rumour else "non-rumour", text)
            replies = {}
            for r in range(1 + t % 2):
                rid = tid + 1000 + r
                reply = f"@{_words(f'us{event}{t}', 1)} " + _words(f"pr{e}{t}{r}", 6)
                yield aux(f"{here}/reactions/{rid}.json", json.dumps(_tweet(rid, reply, f"{event}{t}{r}", tid)))
                replies[str(rid)] = []
            yield aux(f"{here}/structure.json", json.dumps({str(tid): replies}))
            annotation = ({"is_rumour": "rumour", "category": _words(f"pc{e}{t}", 5), "misinformation": str(t % 2),
                           "true": str(1 - t % 2), "links": []} if rumour
                          else {"is_rumour": "nonrumour", "links": []})
            yield aux(f"{here}/annotation.json", json.dumps(annotation))
        yield aux(f"{folder}/.DS_Store", _DS_STORE)
        yield aux(f"{folder}/rumours/._.DS_Store", _APPLEDOUBLE)
    yield aux(f"{base}/.DS_Store", _DS_STORE)


# ------------------------------------------------------------------------------------------------
# Tables: passengers (a Name of free text; a sample answer beside); headerless measurements, an id first
# ------------------------------------------------------------------------------------------------

TITANIC_ALIASES = {"died": {"0"}, "survived": {"1"}}
_NAMES = ["Braund, Mr. Owen Harris", "Cumings, Mrs. John Bradley (Florence Briggs Thayer)", "Heikkinen, Miss. Laina",
          'Futrelle, Mrs. Jacques Heath (Lily May Peel)', "Allen, Mr. William Henry", "Moran, Mr. James",
          "McCarthy, Mr. Timothy J", "Palsson, Master. Gosta Leonard", 'Johnson, Mrs. Oscar W (Elisabeth Vilhelmina Berg)',
          "Nasser, Mrs. Nicholas (Adele Achem)", 'Sandstrom, Miss. Marguerite Rut', "Bonnell, Miss. Elizabeth",
          'Kelly, Mr. James', 'Wilkes, Mrs. James (Ellen Needs)', "Myles, Mr. Thomas Francis", 'Wirz, Mr. Albert']


def _passenger(i: int) -> list[str]:
    name = _NAMES[i % len(_NAMES)]
    sex = "female" if ("Mrs." in name or "Miss." in name) else "male"
    age = "" if i % 5 == 4 else str(2 + i * 7 % 60)
    cabin = "" if i % 3 else f"C{80 + i}"
    return [str(1 + i % 3), name, sex, age, str(i % 2), str(i % 3 == 0 and 1 or 0), f"A/5 {21171 + i * 13}",
            f"{7.25 + i * 3.1:.4f}", cabin, "SCQ"[i % 3]]


def titanic() -> Iterator[Put]:
    # Titanic - Machine Learning from Disaster (kaggle competition titanic). CHECKED 2026-11-29 against readers in the
    # code corpus (find_string 'PassengerId,Survived,Pclass': "$ head train.csv PassengerId,Survived,Pclass,Name,Sex,Age,
    # SibSp,Parch,Ticket,Fare,Cabin,Embarked 1,0,3,\"Braund, Mr. Owen Harris\",male,22,1,0,A/5 21171,7.25,,S 2,1,1,
    # \"Cumings, Mrs. John Bradley (Florence Briggs Thayer)\",female,38,1,0,PC 17599,71.2833,C85,C"; "The `train.csv`
    # file contains 891 rows"; "train = pd.read_csv('./data/train.csv'); test = pd.read_csv('./data/test.csv')").
    # test.csv's columns (train's without Survived, its PassengerIds from 892) and gender_submission.csv
    # ('PassengerId,Survived', women survive: the sample answer) are as remembered. Truth: each train.csv row a record
    # "train.csv:<i>" of split "train" labelled by Survived (0 died, 1 survived; the numbers accepted for the names);
    # each test.csv row one of split "test", unlabelled; gender_submission.csv's rows (a sample submission: a guess
    # from the sex) no records; no text (a row of attributes: media "table"). Simplified: 12 train, 4 test rows
    header = "PassengerId,Survived,Pclass,Name,Sex,Age,SibSp,Parch,Ticket,Fare,Cabin,Embarked"
    train = [header]
    for i in range(12):
        survived = (i * 5 + 2) % 3 == 0
        cells = _passenger(i)
        train.append(csv_cells(str(i + 1), str(int(survived)), *cells))
        yield row(f"train.csv:{i}", "train", "survived" if survived else "died")
    test = [header.replace("Survived,", "")]
    submission = ["PassengerId,Survived"]
    for i in range(4):
        cells = _passenger(20 + i)
        test.append(csv_cells(str(892 + i), *cells))
        submission.append(f"{892 + i},{int(cells[2] == 'female')}")
        yield row(f"test.csv:{i}", "test", None)
    yield aux("train.csv", "\n".join(train) + "\n")
    yield aux("test.csv", "\n".join(test) + "\n")
    yield aux("gender_submission.csv", "\n".join(submission) + "\n")


WDBC_ALIASES = {"malignant": {"M"}, "benign": {"B"}}


def wdbc() -> Iterator[Put]:
    # Breast Cancer Wisconsin (Diagnostic) (UCI 17; Street, Wolberg & Mangasarian 1993; 569 rows). CHECKED 2026-11-29
    # against readers in the code corpus (find_string 'wdbc.data': "df = pd.read_csv('.../wdbc.data', header=None) ...
    # df[1] = df[1].apply(lambda x: 1 if x == 'M' else 0) ... X = df.iloc[:, 2:11]; y = df.iloc[:, 1]"; "column_names =
    # ['ID', 'Diagnosis'] + [f'feature_{i}' for i in range(1, 31)] ... data.drop(columns=['ID']) ... map({'M': 1, 'B':
    # 0}) # M untuk Malignant, B untuk Benign"; "DATA_PATH = .../'breast+cancer+wisconsin+diagnostic'/'wdbc.data'";
    # "COLUMN_NAMES = ['id', 'diagno...'] ... 'radius', 'texture', 'perimeter', 'area', 'smoothness', ... ['mean', 'se',
    # 'worst']"). The first row's values and wdbc.names's wording are as remembered. Truth: each row a record
    # "wdbc.data:<i>" (no split: "train") labelled by its diagnosis (M malignant, B benign; the letters accepted for
    # the names); the id no label, no text (media "table"). Simplified: 14 rows
    lines = []
    for i in range(14):
        malignant = (i * 3 + 1) % 5 < 2
        values = [f"{(6.98 + (i * 13 + k * 7) % 211 / 10) * (10 ** (k % 4 - 2)):.6g}" for k in range(30)]
        lines.append(",".join([str(842302 + i * 8311), "M" if malignant else "B"] + values))
        yield row(f"wdbc.data:{i}", "train", "malignant" if malignant else "benign")
    yield aux("wdbc.data", "\n".join(lines) + "\n")
    yield aux("wdbc.names", "1. Title: Wisconsin Diagnostic Breast Cancer (WDBC)\n\n2. Source Information\n\n"
              "a) Creators: Dr. William H. Wolberg, W. Nick Street, Olvi L. Mangasarian\n\n"
              "7. Attribute information\n\n1) ID number\n2) Diagnosis (M = malignant, B = benign)\n3-32)\n\n"
              "Ten real-valued features are computed for each cell nucleus:\n\n\ta) radius\n\tb) texture\n\tc) perimeter"
              "\n\td) area\n\te) smoothness\n\tf) compactness\n\tg) concavity\n\th) concave points\n\ti) symmetry\n"
              "\tj) fractal dimension\n\n8. Missing attribute values: none\n\n9. Class distribution: 357 benign, "
              "212 malignant\n")

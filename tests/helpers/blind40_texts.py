"""Round forty's text and table builders (tests/helpers/blind40.py holds the batch, its docstring and truth rules).

Split out of blind40.py to keep each module under ~450 lines; nothing here is imported elsewhere.
"""

from __future__ import annotations

import gzip
import json
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
# Text: a Figure Eight judgement table; a chatbot's nested intents document
# ------------------------------------------------------------------------------------------------

_RELEVANCE = ["no", "yes", "no", "no", "not sure", "yes", "no", "yes", "no", "no", "yes", "no"]


def economic_news() -> Iterator[Put]:
    # Economic News Article Tone and Relevance (Figure Eight 'Data for Everyone', ~8,000 articles judged relevant to
    # the US economy or not). CHECKED 2026-11-29 against readers in the code corpus (find_string 'Full-Economic-News-
    # DFE': "We will be using a dataset called 'Economic news article tone and relevance' from Figure-Eight which
    # consists of approximately 8000 news articles, which were tagged as relevant or not relevant to the US Economy
    # ... our_data = pd.read_csv('./Full-Economic-News-DFE-839861.csv', encoding='ISO-8859-1') ... our_data[
    # 'relevance'].value_counts() ... 'not relevant' being 82%"; "X = our_data.text # the column text contains textual
    # data ... y = our_data.relevance"; "pd.read_csv(fp_news_corpus / 'Full-Economic-News-DFE-839861.csv', encoding=
    # 'latin') ... el.articleid ... nlp(el.text)"; "text = row['headline'] + ' ' + row['text']; classification =
    # row['relevance']"; "dataset['positivity'].fillna(0.0)" (positivity empty where not relevant)). The columns
    # '_unit_id,_golden,_unit_state,_trusted_judgments,_last_judgment_at,positivity,positivity:confidence,relevance,
    # relevance:confidence,articleid,date,headline,positivity_gold,relevance_gold,text', the 'not sure' answers, the
    # '</br>' inside texts and a latin-1 byte are as remembered. Truth: each article a record "Full-Economic-News-DFE-
    # 839861.csv:<i>" (no split: "train"), its text the 'text' cell, labelled by relevance (yes, no), unlabelled where
    # it says 'not sure'. Simplified: 12 rows
    name = "Full-Economic-News-DFE-839861.csv"
    header = (
        "_unit_id,_golden,_unit_state,_trusted_judgments,_last_judgment_at,positivity,positivity:confidence,"
        "relevance,relevance:confidence,articleid,date,headline,positivity_gold,relevance_gold,text"
    )
    lines = [header]
    for i, relevance in enumerate(_RELEVANCE):
        text = (
            _words(f"en{i}", 14 + i % 5).capitalize()
            + ".</br></br>"
            + _words(f"eo{i}", 9).capitalize()
            + (", said the caf\u00e9's owner." if i % 5 == 2 else ".")
        )
        positivity = str(1 + i * 3 % 9) if relevance == "yes" else ""
        cells = [
            str(831000 + i * 37),
            "FALSE",
            "finalized",
            "3",
            f"12/{5 + i % 20}/15 {i % 12}:{i * 7 % 60:02d}",
            positivity,
            "0.64" if positivity else "",
            relevance,
            f"{0.5 + (i % 5) / 10:.4f}",
            f"wsj_{398217788 + i * 11}",
            f"{1 + i % 12}/{1 + i % 28}/{1951 + i * 5}",
            _words(f"eh{i}", 6).title(),
            "",
            "",
            text,
        ]
        lines.append(csv_cells(*cells))
        yield _row(f"{name}:{i}", "train", None if relevance == "not sure" else relevance, text)
    yield aux(name, "\n".join(lines) + "\n", encoding="latin-1")


_INTENTS = ["Greeting", "GreetingResponse", "CourtesyGoodBye", "NameQuery", "RealNameQuery", "TimeQuery"]


def chatbot_intents() -> Iterator[Put]:
    # Chatbots: Intent Recognition Dataset (kaggle elvinagammed/chatbots-intent-recognition-dataset: one intents.json
    # for training a chatbot's intent classifier). CHECKED 2026-11-29 against readers in the code corpus (search
    # 'intents.json chatbot dataset': a loader "for entry in data['intents']: for text in entry['text']: utterances.
    # append(text); intents.append(entry['intent'])"; the common tutorial shape "{'intents': [{'tag': 'greeting',
    # 'patterns': ['Hi', 'Is anyone there?'], 'responses': ['Hello', ...], 'context_set': ''}]}" and readers "for
    # intent in intents['intents']: for pattern in intent['patterns']: frases.append(pattern); etiquetas.append(
    # intent['tag'])"). This dataset's keys ('intent', 'text', 'responses', 'extension', 'context', 'entityType',
    # 'entities') and intent names are as remembered. Truth: each sentence of an intent's 'text' list a record
    # "intents.json:<i>" (in the document's order; no split: "train") labelled by the intent; the responses are the
    # bot's answers, no records. Simplified: 6 intents of 2 to 4 sentences
    intents, i = [], 0
    for k, intent in enumerate(_INTENTS):
        sentences = [
            (_words(f"ci{k}{j}", 2 + (j + k) % 5).capitalize() + ("?" if "Query" in intent else "")) for j in range(2 + k % 3)
        ]
        for sentence in sentences:
            yield _row(f"intents.json:{i}", "train", intent, sentence)
            i += 1
        intents.append(
            {
                "intent": intent,
                "text": sentences,
                "responses": [_words(f"cr{k}{j}", 4).capitalize() + "." for j in range(2)],
                "extension": {"function": "", "entities": False, "responses": []},
                "context": {"in": "", "out": "", "clear": False},
                "entityType": "NA",
                "entities": [],
            }
        )
    yield aux("intents.json", json.dumps({"intents": intents}, indent=4))


# ------------------------------------------------------------------------------------------------
# Table: a gzipped headerless table whose last number is a class named only in a prose .info file
# ------------------------------------------------------------------------------------------------

COVER_ALIASES = {
    "Spruce/Fir": {"1"},
    "Lodgepole Pine": {"2"},
    "Ponderosa Pine": {"3"},
    "Cottonwood/Willow": {"4"},
    "Aspen": {"5"},
    "Douglas-fir": {"6"},
    "Krummholz": {"7"},
}
_COVERS = list(COVER_ALIASES)


def covertype() -> Iterator[Put]:
    # Covertype (UCI Machine Learning Repository, dataset 31; Blackard and Dean 1998). CHECKED 2026-11-29 against
    # readers in the code corpus (find_string 'covtype.data': UCI's zip "with zipfile.ZipFile(path) as archive: with
    # gzip.GzipFile(fileobj=archive.open('covtype.data.gz')) as handle: frame = pd.read_csv(handle, header=None);
    # x = frame.iloc[:, :-1]; y = frame.iloc[:, -1]"; "Features: 55 (Elevation, Aspect, Slope, Soil Type, Wilderness
    # Area, etc.) Target: Cover_Type (1 to 7)"; scikit-learn's "https://archive.ics.uci.edu/ml/machine-learning-
    # databases/covtype/covtype.data.gz ... # Column names reference: .../covtype/covtype.info"; "0: 'Elevation',
    # 1: 'Aspect', 2: 'Slope', 3: 'Horizontal_Distance_To_Hydrology' ... 9: 'Horizontal_Distance_To_Fire_Points'";
    # "AREAS = {1: 'Rawah Wilderness Area', 2: 'Neota ...'}"). The 10 measurements, 4 wilderness and 40 soil-type
    # 0/1 columns, and covtype.info's wording of the seven classes ('1 -- Spruce/Fir' ...) are as remembered. Truth:
    # each row a record "covtype.data.gz:<i>" (no split: "train") labelled by its last number (the digits accepted
    # for the names); no text (a row of measurements: media "table"). Simplified: 14 rows; covtype.info shortened
    rows = []
    for i in range(14):
        cover = i % 7 + 1 if i < 7 else (i * 3) % 7 + 1
        area, soil = i % 4, (i * 7) % 40
        cells = [
            2596 + i * 37,
            i * 29 % 360,
            3 + i % 30,
            258 - i * 5,
            i % 9 - 2,
            510 + i * 13,
            221 + i % 30,
            232 - i % 20,
            148 + i % 50,
            6279 - i * 41,
        ]
        cells += [int(a == area) for a in range(4)] + [int(s == soil) for s in range(40)] + [cover]
        rows.append(",".join(map(str, cells)))
        yield _row(f"covtype.data.gz:{i}", "train", _COVERS[cover - 1])
    yield aux("covtype.data.gz", gzip.compress(("\n".join(rows) + "\n").encode(), mtime=0))
    info = [
        "Forest Covertype data",
        "",
        "Number of Instances: 581012",
        "Number of Attributes: 12 measures, but 54",
        "columns of data (10 quantitative variables, 4 binary wilderness areas and 40 binary soil type variables)",
        "",
        "Attribute information:",
        "",
        "Name                                     Data Type    Measurement",
        "Elevation                               quantitative    meters",
        "Aspect                                  quantitative    azimuth",
        "Wilderness_Area (4 binary columns)      qualitative     0 (absence) or 1",
        "Soil_Type (40 binary columns)           qualitative     0 (absence) or 1",
        "Cover_Type (7 types)                    integer         1 to 7",
        "",
        "Forest Cover Type Classes:",
    ]
    info += [f"\t{n} -- {name}" for n, name in enumerate(_COVERS, 1)]
    yield aux("covtype.info", "\n".join(info) + "\n")

"""Round twenty-seven's text and table builders (tests/helpers/blind27.py holds the batch, its docstring and truth rules).

Split out of blind27.py to keep each module under ~450 lines; nothing here is imported elsewhere.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from helpers.blind23_texts import _num
from helpers.shipped import _words
from helpers.unseen4 import Put, aux
from helpers.unseen4 import _csv as csv_cells


def _row(path: str, split: str | None, labels, text=None) -> Put:
    """A row record; `labels` one name, a collection of names, or None (unlabelled)."""
    if labels is not None and isinstance(labels, str):
        labels = [labels]
    return Put(path, record=True, split=split, labels=None if labels is None else frozenset(labels), text=text)


# ------------------------------------------------------------------------------------------------
# Text: per-event tweet TSVs; per-crisis tweet CSVs; NLI JSON lines with '-' labels
# ------------------------------------------------------------------------------------------------

_HUMAID = ["caution_and_advice", "displaced_people_and_evacuations", "infrastructure_and_utility_damage",
           "injured_or_dead_people", "not_humanitarian", "other_relevant_information",
           "rescue_volunteering_or_donation_effort", "sympathy_and_support"]
_APPLE_DOUBLE = b"\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X        \x00\x02\x00\x00\x00\t\x00\x00\x002\x00\x00\x0e\xb0"


def humaid() -> Iterator[Put]:
    # HumAID, Human-Annotated Disaster Incidents Data from Twitter (Alam et al. 2021, crisisnlp.qcri.org/humaid_dataset),
    # the events_set1 part. CHECKED 2026-11-29 against a listing of the release in the code corpus (find_string 'HumAID
    # Datasets': 'events_set1/ ._Licensing.txt ._Readme.txt Licensing.txt Readme.txt canada_wildfires_2016/
    # canada_wildfires_2016_dev.tsv canada_wildfires_2016_test.tsv canada_wildfires_2016_train.tsv cyclone_idai_2019/
    # ...'; the same tweets again under all_combined/all_{train,dev,test}.tsv and event_type/<type>_<split>.tsv in the
    # full archive), loaders ("HumAID: tweet_id, class_label", load_dataset(base_path / "all_train.tsv") with a tab
    # separator) and a label list (caution_and_advice, displaced_people_and_evacuations, infrastructure_and_utility_damage,
    # injured_or_dead_people, missing_or_found_people, not_humanitarian, other_relevant_information,
    # requests_or_urgent_needs, rescue_volunteering_or_donation_effort, sympathy_and_support). The header 'tweet_id\t
    # tweet_text\tclass_label' is as remembered from the release. Truth: each row a record "<file>:<i>" of its file's
    # split (train, dev, test), labelled by class_label; the event folders no labels; the '._' files (macOS
    # AppleDouble) and the Readme/Licensing texts no records. Simplified: the events_set1 archive alone (the full one
    # repeats each tweet in three views), 2 events, 4/2/2 tweets
    for e, event in enumerate(("canada_wildfires_2016", "hurricane_maria_2017")):
        for split, count in (("train", 4), ("dev", 2), ("test", 2)):
            rows = ["tweet_id\ttweet_text\tclass_label"]
            for i in range(count):
                label = _HUMAID[(e * 3 + i * 5 + len(split)) % len(_HUMAID)]
                text = f"RT @user{i}: {_words(f'hu{event}{split}{i}', 12)} #{event.split('_')[1].title()} https://t.co/{i}x"
                rows.append(f"{7 * 10**17 + _num(f'hu{e}{split}{i}', 10**17)}\t{text}\t{label}")
                yield _row(f"events_set1/{event}/{event}_{split}.tsv:{i}", split, label, text)
            yield aux(f"events_set1/{event}/{event}_{split}.tsv", "\n".join(rows) + "\n")
    for name in ("Readme.txt", "Licensing.txt"):
        yield aux(f"events_set1/{name}", f"HumAID: Human-Annotated Disaster Incidents Data from Twitter\n{name[:-4]}\n")
        yield aux(f"events_set1/._{name}", _APPLE_DOUBLE)


def crisislex() -> Iterator[Put]:
    # CrisisLexT6 (Olteanu et al. 2014, crisislex.org). CHECKED 2026-11-29 against sajao/CrisisLex data/labeled-tweets/
    # README.txt ("There is one sub-directory per crisis, for each of the following disasters: Sandy Hurricane 2012,
    # Oklahoma Tornado Season 2013, West Texas Explosion 2013, Alberta Floods 2013, Boston Bombings 2013, Queensland
    # Floods 2013 ... On-topic/Off-topic files: *-ontopic_offtopic.csv ... Each file contains approximately 10,000
    # tweets ... labels indicating if a tweet is on-topic (related to the crisis at hand), or off-topic ... FILE
    # FORMAT: One tweet per line with the following comma-separated fields: tweet id, tweet text, label"). The folder
    # and file names '2012_Sandy_Hurricane/2012_Sandy_Hurricane-ontopic_offtopic.csv', the header as the README lists
    # the fields (with spaces after the commas), the ids written with a leading apostrophe and the labels 'on-topic'
    # and 'off-topic' are as remembered from the release, not in the README. Truth: each row a record "<file>:<i>"
    # (no split: "train"), labelled on-topic or off-topic; the crisis folders no labels. Simplified: 3 crises of 5
    # tweets
    for c, crisis in enumerate(("2012_Sandy_Hurricane", "2013_Alberta_Floods", "2013_Boston_Bombings")):
        rows = ["tweet id, tweet text, label"]
        for i in range(5):
            label = "on-topic" if (i + c) % 3 else "off-topic"
            text = _words(f"cl{c}{i}", 10).capitalize()
            if i == 1:
                text += f', "{_words(f"clq{c}", 2)}" she said'
            if i == 3:
                text = f"RT @news: {text} #{crisis.split('_')[1]}"
            rows.append(",".join([f"'{262596552399396864 + c * 10**15 + i * 7919}'", csv_cells(text), label]))
            yield _row(f"{crisis}/{crisis}-ontopic_offtopic.csv:{i}", "train", label, text)
        yield aux(f"{crisis}/{crisis}-ontopic_offtopic.csv", "\r\n".join(rows) + "\r\n")
    yield aux("README.txt", "Contents of this directory\n\nThis directory contains tweets labeled by crowdsourcing workers. "
              "Each tweet\nis accompanied by a label, which is the result of the majority voting among\nat least 3 "
              "crowdsourcing workers.\n")


_NLI = ["entailment", "neutral", "contradiction"]
_GENRES = ["news", "gov", "lit", "tv", "phone"]


def _zh(key: str, n: int) -> str:
    """A deterministic run of common Chinese characters (OCNLI's texts are Chinese)."""
    chars = "的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可她里后小么心多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老从动两长知民样现分将外但身些与高意进把法此实回二理美点月明其种声全工己话儿者向情部正名定女问力机给等几很业最间新什打便位因重被走电四第门相次东政海口使教西再平真听世气信北少关并内加化由却代军产入先山五太水万市眼体别处总才场师书比住员九笑性通目华报立马命张活难神数件安表原车白应路期叫死常提感金何更反合放做系计或司利受光王果亲界及今京务制解各任至清物台象记边共风战干接它许八特觉望直服毛林题建南度统色字请交爱让认算论百吃义科怎元社术结六功指思非流每青管夫连远资队跟带花快条院变联言权往展该领传近留红治决周保达办运武半候七必城父强步完革深区即求品士转量空甚众技轻程告江语英基派满式李息写呢识极令黄德收脸钱党倒未持取设始版双历越史商千片容研像找友孩站广改议形委早房音火际则首单据导影失拿网香似斯专石若兵弟谁校读志飞观争究包组造落视济喜离虽坏兴"
    return "".join(chars[int(_num(f"{key}{k}", len(chars)))] for k in range(n))


def ocnli() -> Iterator[Put]:
    # OCNLI, Original Chinese Natural Language Inference (Hu et al. 2020, github.com/CLUEbenchmark/OCNLI). CHECKED
    # 2026-11-29 against the repository's README in the code corpus ("OCNLI has roughly 50k pairs for training, 3k for
    # development and 3k for test. We only release the test data but not its labels") and Megatron's OCNLIDataset
    # (find_string 'OCNLI dataset.': open(filename, encoding='utf-8-sig'), one json.loads a line, the example
    # {"level":"easy","sentence1":..,"sentence2":..,"label":"contradiction","label0":..,"label4":..,"genre":"news",
    # "prem_id":"news_1355","id":12}; "if not label_desc in LABELS: # some label may be '-' continue"). The file names
    # data/ocnli/train.50k.json, dev.json and test.json (JSON lines despite the .json) are as remembered from the
    # repository, not in the sources read. Truth: each line a record "<file>:<i>" of its file's split (train.50k train,
    # dev, test), labelled by label; '-' (no majority among the five annotators) and the test's missing label
    # unlabelled; its text the pair (sentence1, sentence2). Simplified: train.3k.json (a smaller training file) left
    # out; 8 train, 5 dev, 3 test lines
    uid = 0
    for split, name, count in (("train", "train.50k", 8), ("dev", "dev", 5), ("test", "test", 3)):
        lines = []
        for i in range(count):
            s1, s2 = _zh(f"oc1{split}{i}", 14), _zh(f"oc2{split}{i}", 9)
            votes = [_NLI[(i + k * (1 + i % 2)) % 3] for k in range(5)]
            label = "-" if split == "dev" and i in (1, 3) else _NLI[(i * 2 + len(split)) % 3]
            doc = {"level": ("easy", "medium", "hard")[i % 3], "sentence1": s1, "sentence2": s2}
            if split != "test":
                doc["label"] = label
                doc.update({f"label{k}": v for k, v in enumerate(votes)})
            doc.update({"genre": _GENRES[i % 5], "prem_id": f"{_GENRES[i % 5]}_{_num(f'ocp{split}{i}', 2000)}", "id": uid})
            uid += 1
            lines.append(json.dumps(doc, ensure_ascii=False, separators=(",", ":")))
            labelled = split != "test" and label != "-"
            yield _row(f"data/ocnli/{name}.json:{i}", split, label if labelled else None, (s1, s2))
        yield aux(f"data/ocnli/{name}.json", "\n".join(lines) + "\n")
    yield aux("README.md", "# OCNLI: Original Chinese Natural Language Inference\n\nOCNLI stands for **Original** Chinese "
              "Natural Language Inference.\n")


# ------------------------------------------------------------------------------------------------
# Tables: essays scored by one column among many; several emotion codes in one cell
# ------------------------------------------------------------------------------------------------

_ASAP_HEAD = (["essay_id", "essay_set", "essay", "rater1_domain1", "rater2_domain1", "rater3_domain1", "domain1_score",
               "rater1_domain2", "rater2_domain2", "domain2_score"]
              + [f"rater{r}_trait{t}" for t in range(1, 7) for r in range(1, 4)])


def _essay(key: str) -> str:
    words = _words(key, 40).split()
    words[3] = "@CAPS1"
    words[11] = "@PERSON1"
    return ("Dear local newspaper, " + " ".join(words[:20]) + ". I think computers are \x93great\x94 caf\xe9s "
            + " ".join(words[20:]) + ".")


def asap() -> Iterator[Put]:
    # ASAP-AES, the Hewlett Foundation's Automated Student Assessment Prize (Kaggle, 2012). CHECKED 2026-11-29 against
    # READMEs in the code corpus (search 'ASAP essay scoring training_set_rel3.tsv': "Download: training_set_rel3.tsv
    # ... Format: Tab-separated values (TSV), Encoding: Latin-1 ... Total Essays 12,938, Prompts 8, Score Range 0-3 to
    # 0-60 (varies by prompt)"; "Essay set 2 ... Scoring: R1D1 (Reader 1 Domain 1 Score), R1D2, R2D1, R2D2,
    # D1_Resolved, D2_Resolved"; "note the anonymization techniques" (the '@CAPS1', '@PERSON1' tokens)). The column
    # list (essay_id, essay_set, essay, rater1_domain1, rater2_domain1, rater3_domain1, domain1_score, rater1_domain2,
    # rater2_domain2, domain2_score, rater1_trait1 .. rater3_trait6, empty where a set has none) and valid_set.tsv
    # 'essay_id essay_set essay domain1_predictionid domain2_predictionid' are as remembered from the release. Truth:
    # each training essay a record "<file>:<i>" labelled by its domain1_score as written (the resolved holistic score,
    # the target of the task; the rater and trait columns its parts); the validation essays (split valid) unlabelled
    # (their scores were withheld). Simplified: test_set.tsv, the .xls copies and the zipped prompts left out; 10
    # training essays of sets 1, 2 and 8, 3 validation essays
    rows = ["\t".join(_ASAP_HEAD)]
    for i in range(10):
        essay_set = (1, 1, 2, 8, 1, 2, 8, 1, 2, 1)[i]
        top = {1: 6, 2: 6, 8: 30}[essay_set]
        r1, r2 = 1 + _num(f"as1{i}", top), 1 + _num(f"as2{i}", top)
        score = str(r1 + r2) if essay_set == 1 else str(max(r1, r2)) if essay_set == 2 else str(r1 + r2 + 2)
        cells = [str(1 + i * 3), str(essay_set), _essay(f"as{i}"), str(r1), str(r2), "12" if essay_set == 8 else "",
                 score]
        cells += ([str(1 + i % 4), str(1 + (i + 1) % 4), str(1 + i % 4)] if essay_set == 2 else ["", "", ""])
        cells += [str(1 + (i + t) % 5) if essay_set == 8 else "" for t in range(18)]
        rows.append("\t".join(cells))
        yield _row(f"training_set_rel3.tsv:{i}", "train", score)
    yield aux("training_set_rel3.tsv", "\r\n".join(rows) + "\r\n", encoding="latin-1")
    valid = ["essay_id\tessay_set\tessay\tdomain1_predictionid\tdomain2_predictionid"]
    for i in range(3):
        valid.append(f"{1788 + i}\t1\t{_essay(f'asv{i}')}\t{1788 + i}\t")
        yield _row(f"valid_set.tsv:{i}", "valid", None)
    yield aux("valid_set.tsv", "\r\n".join(valid) + "\r\n", encoding="latin-1")


XED_EMOTIONS = ["anger", "anticipation", "disgust", "fear", "joy", "sadness", "surprise", "trust"]


def xed() -> Iterator[Put]:
    # XED, emotion-annotated movie subtitles (Ohman et al. 2020, github.com/Helsinki-NLP/XED). CHECKED 2026-11-29
    # against the repository's README (read: "emotion annotated movie subtitles ... mainly English and Finnish, with the
    # rest created using annotation projection") and readers in the code corpus (find_string 'en-annotated.tsv': the
    # Hugging Face script's URLs AnnotatedData/en-annotated.tsv, fi-annotated.tsv, neu_en.txt, neu_fi.txt;
    # pd.read_csv(..., sep='\t', header=None, names=['text', 'labels']); "labels_to_vector: '1, 4, 7' -> ..."; "XED ids
    # 1..8 map to these in this exact order: anger, anticipation, disgust, fear, joy, sadness, surprise, trust";
    # line.split("\t"), vals[1].split(",")). Truth: each line a record "<file>:<i>" (no split: "train") labelled by
    # every emotion its cell lists (the codes aliases of the names); its text the subtitle. Simplified: the neutral
    # files (a different layout) and the 40 projected languages left out; 10 English and 6 Finnish lines
    for lang, count in (("en", 10), ("fi", 6)):
        lines = []
        for i in range(count):
            codes = sorted({1 + _num(f"xe{lang}{i}{k}", 8) for k in range(1 + i % 3)})
            text = _words(f"xe{lang}{i}", 6 + i % 5).capitalize() + ("?" if i % 4 == 1 else ".")
            if i % 5 == 2:
                text = f"- {text} - {_words(f'xd{lang}{i}', 3).capitalize()}!"
            lines.append(f"{text}\t{', '.join(str(c) for c in codes)}")
            yield _row(f"AnnotatedData/{lang}-annotated.tsv:{i}", "train", [XED_EMOTIONS[c - 1] for c in codes], text)
        yield aux(f"AnnotatedData/{lang}-annotated.tsv", "\n".join(lines) + "\n")
    yield aux("README.md", "# XED\nThis is the XED dataset.\nThe dataset consists of emotion annotated movie subtitles.\n")

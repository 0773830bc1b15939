"""Round twenty-nine's text and table builders (tests/helpers/blind29.py holds the batch, its docstring and truth rules).

Split out of blind29.py to keep each module under ~450 lines; nothing here is imported elsewhere.
"""

from __future__ import annotations

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
# Text: dialogues of utterances with parallel emotion lines; reviews in pseudo-XML files
# ------------------------------------------------------------------------------------------------

_EMOTIONS = ["no emotion", "anger", "disgust", "fear", "happiness", "sadness", "surprise"]
EMOTION_ALIASES = {name: {str(i)} for i, name in enumerate(_EMOTIONS)}


def dailydialog() -> Iterator[Put]:
    # DailyDialog (Li et al., IJCNLP 2017; yanran.li/dailydialog, ijcnlp_dailydialog.zip). CHECKED 2026-11-29 against
    # readers in the code corpus (find_string 'dialogues_emotion_': "dial_dir = os.path.join(in_dir, split, 'dialogues_'
    # +split+'.txt'); emo_dir = os.path.join(in_dir, split, 'dialogues_emotion_'+split+'.txt'); act_dir = ...
    # 'dialogues_act_'+split+'.txt' ... for line_dial, line_emo, line_act in zip(...): seqs = line_dial.strip().split(
    # '__eou__')[:-1]", emotions split on spaces, one per utterance; splits train, validation, test), the release's
    # readme as kept in the code corpus ("dialogues_text.txt: The DailyDialog dataset which contains 11,318 transcribed
    # dialogues. dialogues_topic.txt: Each line in dialogues_topic.txt corresponds to the topic of that in
    # dialogues_text.txt ... dialogues_act.txt ... { 1: inform, 2: question, 3: directive, 4: commissive }") and the
    # Hugging Face card (emotion names "no emotion, anger, disgust, fear, happiness, sadness, surprise"; splits train
    # 11118, validation 1000, test 1000 dialogues). That the split folders come from train.zip, validation.zip and
    # test.zip in the archive, and that the top-level files hold the same dialogues again in one file (train, then
    # validation, then test here), are as remembered. Truth: each utterance a record "<split file>:<k>" (k counting
    # the file's utterances in order), of its folder's split, labelled by its emotion (the dataset's two labels are
    # emotion and act; emotion is taken: a reading by act is as wrong as a reading of lines); the top-level files no
    # records (the whole set again). Simplified: 4 train, 2 validation, 2 test dialogues of 2 to 4 utterances
    whole: dict[str, list[str]] = {"text": [], "act": [], "emotion": [], "topic": []}
    for split, count in (("train", 4), ("validation", 2), ("test", 2)):
        dial, acts, emos = [], [], []
        k = 0
        for d in range(count):
            turns = 2 + _num(f"dd{split}{d}", 3)
            utts, act, emo = [], [], []
            for t in range(turns):
                utts.append(_words(f"dd{split}{d}{t}", 5 + t).capitalize() + (" ?" if t % 2 == 0 else " ."))
                code = 0 if (d + t) % 3 else 1 + _num(f"de{split}{d}{t}", 6)
                emo.append(str(code))
                act.append(str(2 if t % 2 == 0 else 1 + _num(f"da{split}{d}{t}", 4)))
                yield _row(f"{split}/dialogues_{split}.txt:{k}", split, _EMOTIONS[code], utts[-1])
                k += 1
            dial.append(" __eou__ ".join(utts) + " __eou__")
            acts.append(" ".join(act) + " ")
            emos.append(" ".join(emo) + " ")
            whole["topic"].append(str(1 + _num(f"dt{split}{d}", 10)))
        yield aux(f"{split}/dialogues_{split}.txt", "\n".join(dial) + "\n")
        yield aux(f"{split}/dialogues_act_{split}.txt", "\n".join(acts) + "\n")
        yield aux(f"{split}/dialogues_emotion_{split}.txt", "\n".join(emos) + "\n")
        whole["text"] += dial
        whole["act"] += acts
        whole["emotion"] += emos
    for kind, lines in whole.items():
        name = "dialogues_text.txt" if kind == "text" else f"dialogues_{kind}.txt"
        yield aux(name, "\n".join(lines) + "\n")
    yield aux("readme.txt", "Here are some explanations about the files:\n\n1) dialogues_text.txt: The DailyDialog "
              "dataset which contains 11,318 transcribed dialogues.\n2) dialogues_topic.txt: Each line in "
              "dialogues_topic.txt corresponds to the topic of that in dialogues_text.txt.\n3) dialogues_act.txt: Each "
              "line in dialogues_act.txt corresponds to the dialog act annotations in dialogues_text.txt.\n"
              "4) dialogues_emotion.txt: Each line in dialogues_emotion.txt corresponds to the emotion annotations in "
              "dialogues_text.txt.\n")


_DOMAINS = ["books", "dvd", "electronics", "kitchen_&_housewares"]


def _review(key: str, domain: str, rating: str, text: str) -> str:
    asin = f"B000{_num(key, 999999):06d}"
    title = _words(f"{key}t", 3)
    fields = [("unique_id", f"{asin}:{title.replace(' ', '_')}:reviewer_{_num(key, 900)}"), ("unique_id", str(_num(key, 5000))),
              ("asin", asin), ("product_name", _words(f"{key}p", 4).title() + f": {domain.title()}"),
              ("product_type", domain), ("product_type", domain), ("helpful", f"{_num(key, 3)} of {3 + _num(key, 4)}"),
              ("rating", rating), ("title", title), ("date", "August 16, 2006"), ("reviewer", "A. Reader"),
              ("reviewer_location", "Baltimore, MD"), ("review_text", text)]
    return "<review>\n" + "".join(f"<{tag}>\n{value}\n</{tag}>\n" for tag, value in fields) + "</review>\n"


def multi_domain() -> Iterator[Put]:
    # Multi-Domain Sentiment Dataset (Blitzer, Dredze and Pereira, ACL 2007; cs.jhu.edu/~mdredze/datasets/sentiment).
    # CHECKED 2026-11-29 against readers in the code corpus (find_string 'positive.review': "PreprocessReviewData(['books',
    # 'dvd', 'electronics', 'kitchen'], ['negative.review', 'positive.review', 'unlabeled.review'])"; "parse_file(reviews,
    # bp, dire, p, 'n', 'negative.review') ... 'p', 'positive.review' ... 'u', 'unlabeled.review'" with "if line.strip() ==
    # '<review_text>': in_review = True", the text the lines up to '</review_text>'; "negative_filename = dataset_path+
    # domain+'/negative.review'", read with score 0 and 1; "BeautifulSoup(open('electronics/positive.review', encoding=
    # 'ISO-8859-1').read()) ... findAll('review_text')"). The archive's 'sorted_data_acl/' root, the folder
    # 'kitchen_&_housewares' and the other tags of a review (unique_id twice, asin, product_name, product_type twice,
    # helpful, rating, title, date, reviewer, reviewer_location) are as remembered. Truth: each review a record
    # "<domain>/<file>:<i>" (no split: "train") labelled by its file, positive or negative; the reviews of
    # unlabeled.review unlabelled (their ratings are not the task's labels); its text the review_text. Simplified: 4
    # domains of 3 positive, 2 negative, 2 unlabeled reviews
    for d, domain in enumerate(_DOMAINS):
        for file, count, label in (("positive.review", 3, "positive"), ("negative.review", 2, "negative"),
                                   ("unlabeled.review", 2, None)):
            blocks = []
            for i in range(count):
                key = f"md{domain}{file}{i}"
                text = _words(key, 12 + i).capitalize() + ". " + _words(f"{key}b", 6) + "."
                rating = {"positive": "5.0", "negative": "1.0"}.get(label, f"{1 + (i + d) % 5}.0")
                blocks.append(_review(key, domain, rating, text))
                yield _row(f"sorted_data_acl/{domain}/{file}:{i}", "train", label, text)
            yield aux(f"sorted_data_acl/{domain}/{file}", "".join(blocks), "latin-1")


# ------------------------------------------------------------------------------------------------
# Table: messages in one CSV, their 36 categories in another
# ------------------------------------------------------------------------------------------------

_CATEGORIES = ["related", "request", "offer", "aid_related", "medical_help", "medical_products", "search_and_rescue",
               "security", "military", "child_alone", "water", "food", "shelter", "clothing", "money", "missing_people",
               "refugees", "death", "other_aid", "infrastructure_related", "transport", "buildings", "electricity",
               "tools", "hospitals", "shops", "aid_centers", "other_infrastructure", "weather_related", "floods",
               "storm", "fire", "earthquake", "cold", "other_weather", "direct_report"]
_GENRES = ["direct", "news", "social"]


def disaster_response() -> Iterator[Put]:
    # Disaster Response Messages (Figure Eight, Udacity's Disaster Response Pipeline project; appen.com combined-disaster-
    # response-data). CHECKED 2026-11-29 against repositories in the code corpus (kchander92/Disaster-Response-Pipelines
    # README: "disaster_categories.csv - Contains data on disaster response categories and how text messages by ID are
    # classified for them; disaster_messages.csv - Contains list of texts sent during disaster events listed by ID";
    # mjohg98/disaster-response README: "data contains disaster_messages.csv ... the labels of each message ...
    # process_data.py - imports and merges data from disaster_messages.csv and disaster_categories.csv"; another README:
    # "Each message is labeled as 1 or more of the following 36 categories: 'related', 'request', 'offer', ...
    # 'direct_report'"). The columns 'id,message,original,genre' and 'id,categories', the cell 'related-1;request-0;
    # ...' (split on ';', each part's name before '-' and its value after) and the genres direct, news, social are as
    # remembered from the release and the project's process_data.py. Truth: each message a record "data/
    # disaster_messages.csv:<i>" (no split: "train") labelled by the categories marked 1 in its row of
    # disaster_categories.csv (none: labelled, no category), its text the message; the genre is another column.
    # Simplified: 10 messages; no duplicate ids and no 'related-2' (both in the release)
    messages = ["id,message,original,genre"]
    categories = ["id,categories"]
    for i in range(10):
        uid = 2 + 5 * i + _num(f"dr{i}", 4)
        text = _words(f"dr{i}", 9 + i % 4).capitalize() + (", please help" if i % 3 == 0 else "")
        original = "" if i % 2 else _words(f"dro{i}", 7)
        marked = set() if i == 4 else {_CATEGORIES[0]} | {_CATEGORIES[(i * 7 + k * 5) % 35 + 1] for k in range(i % 3)}
        messages.append(csv_cells(str(uid), text, original, _GENRES[i % 3]))
        categories.append(csv_cells(str(uid), ";".join(f"{c}-{int(c in marked)}" for c in _CATEGORIES)))
        yield _row(f"data/disaster_messages.csv:{i}", "train", marked, text)
    yield aux("data/disaster_messages.csv", "\n".join(messages) + "\n")
    yield aux("data/disaster_categories.csv", "\n".join(categories) + "\n")
    yield aux("data/process_data.py", "import sys\nimport pandas as pd\n\n\ndef load_data(messages_filepath, "
              "categories_filepath):\n    messages = pd.read_csv(messages_filepath)\n    categories = pd.read_csv("
              "categories_filepath)\n    return messages.merge(categories, on='id')\n")
    yield aux("README.md", "# Disaster Response Pipeline Project\n\nMessages sent during disasters, each labelled with "
              "36 categories.\n")

"""Round thirty's text and table builders (tests/helpers/blind30.py holds the batch, its docstring and truth rules).

Split out of blind30.py to keep each module under ~450 lines; nothing here is imported elsewhere.
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
# Text: one news table with an unnamed index column; tweets labelled through an id list
# ------------------------------------------------------------------------------------------------

def welfake() -> Iterator[Put]:
    # WELFake (Verma et al., IEEE TCSS 2021; Kaggle saurabhshahane/fake-news-classification). CHECKED 2026-11-29 against
    # readers in the code corpus (find_string 'WELFake_Dataset.csv': "df = pd.read_csv('Data/WELFake_Dataset.csv')
    # ... df.dropna(subset = ['title', 'text']) ... df.rename(columns = {'Unnamed: 0': 'article_ID'})" (an unnamed
    # first column, rows whose title or text is empty); "df.drop(columns=['Unnamed: 0']) ... df['content'] =
    # df['title'] + ' ' + df['text']"; "text_col, lab_col = 'text','label'"; a README listing "Kaggle / WELFake
    # Dataset: WELFake_Dataset.csv" beside ISOT's True.csv, Fake.csv). That label 1 is real and 0 fake, and that
    # article texts hold quoted newlines, are as remembered from the Kaggle page, not in the sources read. Truth: each
    # row a record "<file>:<i>" (no split: "train") labelled by its label column ("0", "1"); the unnamed column an
    # index, no label; the text not checked (title, text or both is a choice). Simplified: 10 rows, one with an empty
    # title, one whose text holds a newline
    rows = [",title,text,label"]
    for i in range(10):
        label = "1" if (i * 7) % 3 == 0 else "0"
        title = "" if i == 4 else _words(f"wft{i}", 6).title()
        text = _words(f"wfx{i}", 14).capitalize() + "."
        if i == 6:
            text += "\n" + _words(f"wfy{i}", 8).capitalize() + ", he said."
        rows.append(csv_cells(str(i), title, text, label))
        yield _row(f"WELFake_Dataset.csv:{i}", "train", label)
    yield aux("WELFake_Dataset.csv", "\n".join(rows) + "\n")


_RUMOUR_LABELS = ["non-rumor", "false", "true", "unverified"]


def twitter15_16() -> Iterator[Put]:
    # Twitter15 and Twitter16, rumour detection on tweets' propagation trees (Ma, Gao and Wong, ACL 2017;
    # 'rumor_detection_acl2017'). CHECKED 2026-11-29 against loaders in the code corpus (find_string
    # 'source_tweets.txt': "with open(os.path.join(dataset_dir, \"label.txt\")) ... label, tweet_id = line.split(\":\")";
    # "with open(os.path.join(dataset_dir, \"source_tweets.txt\")) ... tweet_id, text = line.split(\"\\t\")";
    # "glob.glob(os.path.join(dataset_dir, \"tree\", \"*.txt\"))"; "pd.read_csv(t15 + 'label.txt', sep = ':', header =
    # None, names = ['label', 'tweet_id'])"; a tree line parsed as "ast.literal_eval(value) ... user_id, tweet_id,
    # delay"; labels 'non-rumour', 'true', 'unverified' in a converter writing the same 'label:id' lines). The four
    # labels 'non-rumor', 'false', 'true', 'unverified', the tree lines "['ROOT', 'ROOT', '0.0']->['<user>', '<tweet>',
    # '0.0']" and label.txt's order differing from source_tweets.txt's are as remembered. Truth: each line of each
    # folder's source_tweets.txt a record "<file>:<i>" (no split: "train"; twitter15 and twitter16 two collections)
    # labelled by label.txt's label for its tweet id, its text the tweet; label.txt and the trees no records.
    # Simplified: 6 tweets in twitter15, 5 in twitter16, one tree each
    for folder, count, base in (("twitter15", 6, 489800000000000000), ("twitter16", 5, 656800000000000000)):
        rows, labels = [], []
        for i in range(count):
            tid = str(base + _num(f"tw{folder}{i}", 10**15))
            label = _RUMOUR_LABELS[(i + len(folder)) % 4]
            tweet = _words(f"twx{folder}{i}", 9 + i % 4) + " URL"
            rows.append(f"{tid}\t{tweet}")
            labels.append(f"{label}:{tid}")
            yield _row(f"{folder}/source_tweets.txt:{i}", "train", label, tweet)
            user = str(10**7 + _num(f"twu{folder}{i}", 10**8))
            reply = str(int(tid) + 1 + _num(f"twr{i}", 10**6))
            yield aux(f"{folder}/tree/{tid}.txt", f"['ROOT', 'ROOT', '0.0']->['{user}', '{tid}', '0.0']\n"
                      f"['{user}', '{tid}', '0.0']->['{int(user) + 7}', '{reply}', '{1.5 + i:.1f}']\n")
        yield aux(f"{folder}/source_tweets.txt", "\n".join(rows) + "\n")
        yield aux(f"{folder}/label.txt", "\n".join(labels[1::2] + labels[0::2]) + "\n")


# ------------------------------------------------------------------------------------------------
# Table, multi-label: ARFF rows whose last attributes are the labels, named in an XML file
# ------------------------------------------------------------------------------------------------

_FEATURES = 6
_YEAST_LABELS = 14


def yeast() -> Iterator[Put]:
    # Yeast, the multi-label gene-function dataset as Mulan ships it (Elisseeff and Weston 2001; mulan.sourceforge.net
    # datasets). CHECKED 2026-11-29 against readers in the code corpus (find_string 'yeast-train.arff': "MultiLabelInstances
    # (\"data/yeast-train.arff\", \"data/yeast.xml\")" (the ARFF and an XML naming its labels); "train_data[:, :103]
    # ... train_data[:, 103:]" and "yeast_nLabels = 14"; a project note: "103 continuous attributes (Att1 through
    # Att103) ... 14 binary class variables (Class1 through Class14) ... Each sample can belong to multiple classes";
    # "df[targets_names].replace({b\"0\": 0, b\"1\": 1})" (the labels read by scipy's loadarff as nominal bytes)).
    # The header words '@relation', '@attribute Att1 numeric', '@attribute Class1 {0,1}' and the XML's
    # '<labels xmlns="http://mulan.sourceforge.net/labels">' are as remembered. Truth: each data row a record
    # "<file>:<i>" of its file's split (yeast-train train, yeast-test test) labelled by the set of ClassN whose value
    # is 1; the XML no records. Simplified: 6 attributes instead of 103, 7 train and 3 test rows
    for split, count in (("train", 7), ("test", 3)):
        head = ["@relation 'yeast'", ""]
        head += [f"@attribute Att{k} numeric" for k in range(1, _FEATURES + 1)]
        head += [f"@attribute Class{k} {{0,1}}" for k in range(1, _YEAST_LABELS + 1)]
        rows = head + ["", "@data"]
        for i in range(count):
            values = [f"{(_num(f'ye{split}{i}{k}', 2000) - 1000) / 5000:.6f}" for k in range(_FEATURES)]
            bits = [1 if _num(f"yl{split}{i}{k}", 4) == 0 else 0 for k in range(_YEAST_LABELS)]
            bits[(i * 3 + len(split)) % _YEAST_LABELS] = 1  # every gene has a function
            rows.append(",".join(values + [str(b) for b in bits]))
            yield _row(f"yeast-{split}.arff:{i}", split, {f"Class{k + 1}" for k, b in enumerate(bits) if b})
        yield aux(f"yeast-{split}.arff", "\n".join(rows) + "\n")
    labels = "".join(f'<label name="Class{k}"></label>' for k in range(1, _YEAST_LABELS + 1))
    yield aux("yeast.xml", '<?xml version="1.0" encoding="utf-8"?>\n<labels xmlns="http://mulan.sourceforge.net/labels">'
              + labels + "</labels>\n")

"""Round thirty-five's text and table builders (tests/helpers/blind35.py holds the batch, its docstring and truth rules).

Split out of blind35.py to keep each module under ~450 lines; nothing here is imported elsewhere.
"""

from __future__ import annotations

from collections.abc import Iterator

from helpers.shipped import _words
from helpers.unseen4 import Put, aux
from helpers.unseen4 import _csv as csv_cells
from helpers.unseen4 import row as _row

# ------------------------------------------------------------------------------------------------
# Text: a type and fifty joined posts per row; tweets with two label columns, a file per split
# ------------------------------------------------------------------------------------------------

_TYPES = ["INFJ", "ENTP", "INTP", "INTJ", "ENFP", "ISTP"]


def mbti() -> Iterator[Put]:
    # (MBTI) Myers-Briggs Personality Type Dataset (kaggle datasnaek/mbti-type, 8675 PersonalityCafe users). CHECKED
    # 2026-11-29 against readers in the code corpus (find_string 'mbti_1.csv': "df = pd.read_csv('../input/mbti-type/
    # mbti_1.csv') ... sns.countplot(data=df, x='type')"; "EI_x = EI['posts']; EI_y = EI['type']"; "zip_path =
    # 'mbti-type.zip'; target_file = 'mbti_1.csv'"; "mbti_types = {'I':'Introversion', 'E':'Extroversion', ...}";
    # "df['posts'].apply(...) ... Distribution of Words Count of all 50 Posts"). The header 'type,posts', the type
    # first, and each user's last fifty posts joined by '|||' in one quoted cell (with links and quotes in it) are as
    # remembered. Truth: each row a record "mbti_1.csv:<i>" (no split: "train") labelled by its type (one of the 16),
    # its text the posts cell whole. Simplified: 12 users of 3 to 5 posts
    lines = ["type,posts"]
    for i in range(12):
        kind = _TYPES[(i * 5) % len(_TYPES)]
        posts = [_words(f"mb{i}{k}", 5 + (i + k) % 6) for k in range(3 + i % 3)]
        if i % 4 == 1:
            posts[1] = "http://www.youtube.com/watch?v=" + f"qs{i}Xk9"
        if i % 3 == 2:
            posts[-1] += ', "really" ' + _words(f"mbq{i}", 3)
        text = "'" + "|||".join(posts) + "'"
        lines.append(csv_cells(kind, text))
        yield _row(f"mbti_1.csv:{i}", "train", kind, text)
    yield aux("mbti_1.csv", "\n".join(lines) + "\n")


_COARSE = ["OTHER", "OFFENSE"]
_FINE = {"OTHER": ["OTHER"], "OFFENSE": ["ABUSE", "INSULT", "PROFANITY"]}


def germeval() -> Iterator[Put]:
    # GermEval 2018 shared task on offensive German tweets (Wiegand, Siegel, Ruppenhofer; github.com/uds-lsv/GermEval-2018-
    # Data). CHECKED 2026-11-29 against readers in the code corpus (find_string 'germeval2018.training.txt': "The original
    # data format for GermEval 2018 is tab separated with the following columns: sentence, label f[or task 1, label for
    # task 2]"; "columns = ['article', 'goldLabel', 'type']; pd.read_csv('./dataset/germeval2018.training.txt', sep='\\t',
    # header=None, names=columns)"; "train.loc[:, 1] = train[1].map({'OFFENSE': 1, 'OTHER': 0})"; "TRAIN_FILENAME =
    # 'germeval2018.training.txt'; TEST_FILENAME = 'germeval2018.test.txt'"; "... GermEval-2018-Data-master/"; "Extract
    # text and insult classification ... other, abuse, insult, profanity"; "The original GermEval 2018 task did not
    # include any development data"). The '|LBR|' line-break tokens and the '@user' mentions in the tweets are as
    # remembered. Truth: each line a record "<file>:<i>" of its file's split (training: train, test: test) labelled by
    # task 1's coarse label (second cell: OFFENSE, OTHER; the task's headline), its text the tweet; the fine label
    # (third cell: ABUSE, INSULT, PROFANITY, OTHER) the second task's, not the record's label. Simplified: 10 training
    # and 4 test lines of ASCII words (the tweets are German)
    for name, split, count in (("germeval2018.training.txt", "train", 10), ("germeval2018.test.txt", "test", 4)):
        lines = []
        for i in range(count):
            coarse = _COARSE[(i + len(split)) % 3 == 0]
            fine = _FINE[coarse][i % len(_FINE[coarse])]
            text = "@" + _words(f"ge{split}{i}u", 1) + " " + _words(f"ge{split}{i}", 7 + i % 5)
            if i % 4 == 2:
                text += " |LBR| " + _words(f"gel{split}{i}", 4).capitalize() + "!"
            lines.append(f"{text}\t{coarse}\t{fine}")
            yield _row(f"{name}:{i}", split, coarse, text)
        yield aux(name, "\n".join(lines) + "\n")
    yield aux("README.md", "# GermEval 2018 Data\n\nTraining and test data of the GermEval 2018 shared task on the "
              "identification of offensive language.\n\nEach line: tweet<TAB>coarse label (OFFENSE, OTHER)<TAB>fine label "
              "(ABUSE, INSULT, PROFANITY, OTHER).\n")


# ------------------------------------------------------------------------------------------------
# Table: headerless rows of 64 counts and a digit, split by the files' extensions .tra and .tes
# ------------------------------------------------------------------------------------------------

def optdigits() -> Iterator[Put]:
    # UCI Optical Recognition of Handwritten Digits (Alpaydin and Kaynak, 1998; archive.ics.uci.edu/dataset/80).
    # CHECKED 2026-11-29 against readers in the code corpus (find_string 'optdigits.tra': "digits_train=pd.read_csv(
    # 'data/optdigits.tra',header=None); digits_test=pd.read_csv('data/optdigits.tes',header=None); x_digits=
    # digits_train[np.arange(64)]; y_digits=digits_train[64]" with "每条数据65个，最后一个是结果" (65 values a row, the last
    # the result); "load('optdigits.tra'); x = optdigits(:,1:64)'; y = optdigits(:,65)'"; "use optdigits.names,
    # optdigits.tra as training data, and optdigits.tes as test data"; "that->_nbSample = 3823"). The values (counts 0-16
    # of an 8x8 grid of 4x4 blocks) and the prose optdigits.names are as remembered. Truth: each row a record
    # "<file>:<i>" of its file's split (.tra: train, .tes: test) labelled by its last cell (the digit 0-9); no text (a
    # row of counts: media "table", as blind33's zoo). Simplified: 12 training and 5 test rows
    for name, split, count in (("optdigits.tra", "train", 12), ("optdigits.tes", "test", 5)):
        lines = []
        for i in range(count):
            digit = (i * 3 + len(split)) % 10
            cells = [(i * 7 + k * 5 + digit) % 17 if 1 < k % 8 < 7 else 0 for k in range(64)]
            lines.append(",".join(map(str, cells + [digit])))
            yield _row(f"{name}:{i}", split, str(digit))
        yield aux(name, "\n".join(lines) + "\n")
    yield aux("optdigits.names", "1. Title of Database: Optical Recognition of Handwritten Digits\n\n2. Source:\n\tE. Alpaydin, "
              "C. Kaynak\n\n5. Number of Instances\n\toptdigits.tra\tTraining\t3823\n\toptdigits.tes\tTesting\t1797\n\n"
              "7. Attribute Information: All input attributes are integers in the range 0..16.\n\tThe last attribute is "
              "the class code 0..9\n")

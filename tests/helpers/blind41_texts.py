"""Round forty-one's text and table builders (tests/helpers/blind41.py holds the batch, its docstring and truth rules).

Split out of blind41.py to keep each module under ~450 lines; nothing here is imported elsewhere.
"""

from __future__ import annotations

from collections.abc import Iterator

from helpers.shipped import _words
from helpers.unseen4 import Put, aux, row
from helpers.unseen4 import _csv as csv_cells

# ------------------------------------------------------------------------------------------------
# Text: per-language test-case CSVs of fifteen columns; a tweet CSV of ten columns, the first unnamed
# ------------------------------------------------------------------------------------------------

_MHC_COLUMNS = ("mhc_case_id,functionality,test_case,label_gold,target_ident,ref_case_id,ref_templ_id,templ_id,"
                "case_templ,gender_male,gender_female,label_annotated,label_annotated_maj,disagreement_in_case,"
                "disagreement_in_template")
_FUNCTIONALITIES = [("derog_neg_emote_h", "hateful"), ("ident_neutral_nh", "non-hateful"),
                    ("slur_h", "hateful"), ("counter_quote_nh", "non-hateful"), ("threat_dir_h", "hateful"),
                    ("negate_pos_h", "hateful"), ("profanity_nh", "non-hateful")]
_TARGETS = ["women", "gay people", "immigrants", "Muslims", "disabled people"]


def hatecheck() -> Iterator[Put]:
    # Multilingual HateCheck, MHC (Röttger et al. 2022, github rewire-online/multilingual-hatecheck; functional tests
    # for hate speech detection in ten languages). CHECKED 2026-11-29 against readers in the code corpus (find_string
    # 'hatecheck_cases_final': "wget -O \"$data_dir/MHC/hatecheck_cases_final_arabic.csv\" https://raw.github
    # usercontent.com/rewire-online/multilingual-hatecheck/main/MHC%20Final%20Cases/hatecheck_cases_final_arabic.csv
    # ... _dutch.csv ... _french.csv"; "df = load_data('data/hatecheck_cases_final_french.csv') ... test_model(df,
    # text_column='test_case', label_column='label_gold')"; "CulturePark('.../hatecheck_cases_final_german.jsonl',
    # 'germany', 'tweet', 'label', 'HS', 'NOT_HS')"). The fifteen columns in that order, 'hateful'/'non-hateful' as
    # the gold labels, the annotators' labels as Python list literals and the README.md beside the folder are as
    # remembered. Truth: each row a record "MHC Final Cases/hatecheck_cases_final_<language>.csv:<i>" (no split:
    # "train"), its text test_case, labelled by label_gold. Simplified: 2 languages of 7 cases each, English words
    for language in ("french", "german"):
        lines = [_MHC_COLUMNS]
        path = f"MHC Final Cases/hatecheck_cases_final_{language}.csv"
        for i, (functionality, gold) in enumerate(_FUNCTIONALITIES):
            target = _TARGETS[(i + len(language)) % len(_TARGETS)]
            case = f"{_words(f'hc{language}{i}', 4 + i % 3).capitalize()} {target}, {_words(f'hd{language}{i}', 3)}."
            template = case.replace(target, "[IDENTITY_P]")
            annotated = [gold, gold, "non-hateful" if i % 3 == 0 else gold]
            majority = max(set(annotated), key=annotated.count)
            lines.append(csv_cells(f"{language}-{i + 1}", functionality, case, gold, target,
                                   "" if i % 2 else f"{language}-{i}", "", f"{language}-t{i // 2}", template, str(i % 2 == 0), str(i % 2 == 1), str(annotated), majority,
                                   str(len(set(annotated)) > 1), "False"))
            yield row(f"{path}:{i}", "train", gold, case)
        yield aux(path, "\n".join(lines) + "\n")
    yield aux("README.md", "# Multilingual HateCheck\n\nFunctional tests for hate speech detection models in ten "
              "languages. The test cases are in `MHC Final Cases/`, one CSV per language.\n")


SARCASM_ALIASES = {"sarcastic": {"1"}, "not_sarcastic": {"0"}}


def isarcasm() -> Iterator[Put]:
    # iSarcasmEval, SemEval-2022 Task 6 (Abu Farha et al. 2022, github iabufarha/iSarcasmEval). CHECKED 2026-11-29
    # against a loader in the code corpus (find_string 'sarcastic,rephrase': an HF builder "if self.config.name ==
    # 'ar': id_,text,sarcastic,rephrase,dialect = ... yield id_, {'tweet': text.strip(), 'sarcastic': bool(...),
    # 'dialect': ..., 'rephrase': ..., 'sarcasm': '-', 'irony': '-', 'satire': '-', 'understatement': '-',
    # 'overstatement': '-', 'rhetorical_quest..." (the English file carries those six category columns after
    # 'rephrase'). The English header ',tweet,sarcastic,rephrase,sarcasm,irony,satire,understatement,overstatement,
    # rhetorical_question' (its first column unnamed, the row numbers), empty rephrase and categories on the
    # non-sarcastic rows, and the Task A test file 'task_A_En_test.csv' of 'text,sarcastic' are as remembered. Truth:
    # each row a record "<file>:<i>", train/train.En.csv's of split "train", test/task_A_En_test.csv's of split
    # "test", its text the tweet, labelled by sarcastic (1 sarcastic, 0 not). Simplified: 10 train and 4 test rows
    lines = [",tweet,sarcastic,rephrase,sarcasm,irony,satire,understatement,overstatement,rhetorical_question"]
    for i in range(10):
        sarcastic = i % 3 == 0
        tweet = _words(f"is{i}", 8 + i % 5).capitalize() + (" #not" if i % 4 == 0 else "")
        if i == 5:
            tweet = f'"{_words("isq", 2)}" {_words("isq2", 6)}, right?'
        cats = [str(int(k == i % 6)) for k in range(6)] if sarcastic else [""] * 6
        rephrase = _words(f"ir{i}", 7).capitalize() if sarcastic else ""
        lines.append(csv_cells(str(i), tweet, str(int(sarcastic)), rephrase, *cats))
        yield row(f"train/train.En.csv:{i}", "train", "sarcastic" if sarcastic else "not_sarcastic", tweet)
    yield aux("train/train.En.csv", "\n".join(lines) + "\n")
    test = ["text,sarcastic"]
    for i in range(4):
        sarcastic = i % 2 == 1
        text = _words(f"it{i}", 9 + i).capitalize()
        test.append(csv_cells(text, str(int(sarcastic))))
        yield row(f"test/task_A_En_test.csv:{i}", "test", "sarcastic" if sarcastic else "not_sarcastic", text)
    yield aux("test/task_A_En_test.csv", "\n".join(test) + "\n")


# ------------------------------------------------------------------------------------------------
# Table: a headerless UCI table of letter codes, the class FIRST
# ------------------------------------------------------------------------------------------------

MUSHROOM_ALIASES = {"poisonous": {"p"}, "edible": {"e"}}
_CODES = ["bcxfks", "fgys", "nbcgrpuewy", "tf", "alcyfmnps", "adfn", "cwd", "bn", "knbhgropuewy", "et", "bcuezr?",
          "fyks", "fyks", "nbcgopewy", "nbcgopewy", "pu", "nowy", "not", "ceflnpsz", "knbhrouwy", "acnsvy", "glmpuwd"]


def mushroom() -> Iterator[Put]:
    # Mushroom (UCI 73, Schlimmer 1987; 8,124 gilled mushrooms of the Audubon guide). CHECKED 2026-11-29 against
    # readers in the code corpus (find_string 'agaricus-lepiota.data': "LabelIndex = 0 path = 'data/agaricus-lepiota/
    # agaricus-lepiota.data' df = pd.read_csv(path, header=None)"; "['target', 'c-shape', 'c-surface', 'c-color',
    # 'bruises', 'odor', ... 'population', 'habitat'] df = pd.read_csv('mushroom/agaricus-lepiota.data', header=None
    # ...) target_values = df['target']"; "names = ['class', 'cap-shape', 'cap-surface', 'cap-color', 'bruises',
    # 'odor', 'gill-attachment', ...]" from 'https://archive.ics.uci.edu/static/public/73/mushroom.zip'; "df =
    # df.replace('?', np.nan).dropna()" (stalk-root's missing cells); a tree printing 'edible'/'poisonous'). The
    # one-letter codes, 'p'/'e' as the class, and the zip's agaricus-lepiota.names and Index beside it are as
    # remembered. Truth: each line a record "agaricus-lepiota.data:<i>" (no split: "train"), labelled by its first
    # cell (p poisonous, e edible; the letters accepted for the names); no text (a row of attributes: media
    # "table"). Simplified: 14 rows
    lines = []
    for i in range(14):
        cls = "p" if (i * 7 + 3) % 5 < 2 else "e"
        cells = [cls] + [codes[(i * (k + 3) + k) % len(codes)] for k, codes in enumerate(_CODES)]
        lines.append(",".join(cells))
        yield row(f"agaricus-lepiota.data:{i}", "train", "poisonous" if cls == "p" else "edible")
    yield aux("agaricus-lepiota.data", "\n".join(lines) + "\n")
    yield aux("agaricus-lepiota.names", "1. Title: Mushroom Database\n\n2. Sources: \n    (a) Mushroom records drawn from "
              "The Audubon Society Field Guide to North American Mushrooms (1981).\n\n7. Attribute Information: "
              "(classes: edible=e, poisonous=p)\n     1. cap-shape:                bell=b,conical=c,convex=x,flat=f,\n"
              "                                  knobbed=k,sunken=s\n     2. cap-surface:              fibrous=f,"
              "grooves=g,scaly=y,smooth=s\n\n8. Missing Attribute Values: 2480 of them (denoted by \"?\"), all for "
              "attribute #11.\n\n9. Class Distribution: \n    --    edible: 4208 (51.8%)\n    -- poisonous: 3916 "
              "(48.2%)\n")
    yield aux("Index", "Index of mushroom\n\n02 Dec 1996      243 Index\n30 May 1989   373704 agaricus-lepiota.data\n"
              "30 May 1989     6816 agaricus-lepiota.names\n")

"""Round twenty-five's text, table and caption builders (tests/helpers/blind25.py holds the batch, its docstring and truth rules).

Split out of blind25.py to keep each module under ~450 lines; nothing here is imported elsewhere.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from xml.sax.saxutils import quoteattr

from helpers.blind23 import _file, _pic
from helpers.blind23_texts import _hex, _num
from helpers.shipped import _words
from helpers.unseen4 import Put, aux


def _row(path: str, split: str | None, labels) -> Put:
    """A row record whose text the judge does not check (which field is the input is a choice)."""
    return Put(path, record=True, split=split, labels=None if labels is None else frozenset([labels]))


# ------------------------------------------------------------------------------------------------
# Text: XML articles labelled by a second XML; JSON Lines claims with nested evidences
# ------------------------------------------------------------------------------------------------

def hyperpartisan() -> Iterator[Put]:
    # SemEval-2019 task 4, Hyperpartisan News Detection (Kiesel et al. 2019; zenodo.org/record/1489920), by-article part.
    # CHECKED 2026-11-29 against huggingface/datasets datasets/hyperpartisan_news_detection/hyperpartisan_news_detection.py
    # (downloads articles-training-byarticle-20181122.zip and ground-truth-training-byarticle-20181122.zip; labels from
    # the ground truth's root children, label.attrib["id"], its "labeled-by" attribute dropped, "hyperpartisan" ==
    # "true"; articles from the articles file's root children with attrib "title", "published-at" (optional), "id",
    # the text the children elements <p> ...) and readers in the code corpus (find_string
    # 'ground-truth-training-byarticle'): a tree 'data/ article.xsd articles-training-byarticle-20181122.xml ...
    # ground-truth-training-byarticle-20181122.xml ... ground-truth.xsd'; "The Ground truth files contain a hyperpartisan
    # indicator (true or false), a bias indicator ..., a URL and an identifier. This identifier is the key which is
    # used to join each Article with its corresponding ground truth." Truth: each article a record "<articles
    # file>:<i>" of split train (the file says training), labelled by its ground truth's hyperpartisan (true, false),
    # joined by id; the ground-truth rows no records. Simplified: the by-publisher part (another labelling, 750,000
    # articles) left out; ground truth in another order than the articles
    articles, truths = [], []
    for i in range(10):
        aid = f"{i * 3 + 1:07d}"
        label = "true" if _num(f"hp{i}", 3) == 0 or i in (1, 4) else "false"
        paras = "\n".join(f"<p>{_words(f'hp{i}{k}', 14).capitalize()} <a href=\"https://example.org/{i}{k}\" "
                          f"type=\"external\">{_words(f'hpa{i}{k}', 2)}</a>.</p>" for k in range(2 + i % 2))
        date = f' published-at="2017-0{1 + i % 9}-1{i % 10}"' if i % 4 else ""
        articles.append(f"<article id=\"{aid}\"{date} title={quoteattr(_words(f'hpt{i}', 6).title())}>\n{paras}\n</article>")
        truths.append(f'  <article id="{aid}" hyperpartisan="{label}" labeled-by="article" '
                      f'url="https://www.example-news.com/{_hex(f"hpu{i}", 8)}/"/>')
        yield _row(f"articles-training-byarticle-20181122.xml:{i}", "train", label)
    truths = truths[1::2] + truths[0::2]
    yield aux("articles-training-byarticle-20181122.xml",
              '<?xml version="1.0" encoding="UTF-8"?>\n<articles>\n' + "\n".join(articles) + "\n</articles>\n")
    yield aux("ground-truth-training-byarticle-20181122.xml",
              '<?xml version="1.0" encoding="UTF-8"?>\n<articles>\n' + "\n".join(truths) + "\n</articles>\n")
    yield aux("article.xsd", '<?xml version="1.0" encoding="UTF-8"?>\n<xs:schema xmlns:xs="http://www.w3.org/2001/'
              'XMLSchema">\n  <xs:element name="articles"/>\n</xs:schema>\n')
    yield aux("ground-truth.xsd", '<?xml version="1.0" encoding="UTF-8"?>\n<xs:schema xmlns:xs="http://www.w3.org/2001/'
              'XMLSchema">\n  <xs:element name="articles"/>\n</xs:schema>\n')


_CLAIM = ["SUPPORTS", "REFUTES", "NOT_ENOUGH_INFO", "DISPUTED"]


def climate_fever() -> Iterator[Put]:
    # Climate-FEVER (Diggelmann et al. 2020, github.com/tdiggelm/climate-fever-dataset). CHECKED 2026-11-29 against
    # huggingface/datasets datasets/climate_fever/climate_fever.py (downloads the GitHub archive 1.0.1.zip and reads
    # climate-fever-dataset-1.0.1/dataset/climate-fever.jsonl, one JSON a line; fields claim_id, claim, claim_label
    # (SUPPORTS, REFUTES, NOT_ENOUGH_INFO, DISPUTED), evidences: a list of {evidence_id, evidence_label (SUPPORTS,
    # REFUTES, NOT_ENOUGH_INFO), article, evidence, entropy, votes: [string]}; one split, "test", as HF names the whole
    # set) and readers in the code corpus (find_string 'climate-fever-dataset-r1': pd.read_json(..., lines=True),
    # df["claim_label"], data['evidences'][0]['evidence_label']). Votes as the release writes them (five, null where an
    # annotator gave none). Truth: each claim a record "<file>:<i>" (no split: "train", the files name none) labelled
    # by its claim_label; the evidences' labels no records. Simplified: 12 claims of 2 evidences (5 in the release)
    lines = []
    for i in range(12):
        label = _CLAIM[(i * 5 + i // 3) % 4]
        evidences = []
        for k in range(2):
            ev = _CLAIM[(i + k) % 3]
            article = _words(f"cfa{i}{k}", 2).title()
            evidences.append({"evidence_id": f"{article}:{_num(f'cfe{i}{k}', 300)}", "evidence_label": ev,
                              "article": article, "evidence": _words(f"cfev{i}{k}", 16).capitalize() + ".",
                              "entropy": round(0.1 * ((i + k) % 7), 6), "votes": [ev, ev, None, None, None]})
        claim = '"' + _words(f"cfc{i}", 11).capitalize() + '."' if i % 3 == 0 else _words(f"cfc{i}", 11).capitalize() + "."
        lines.append(json.dumps({"claim_id": str(i * 2), "claim": claim, "claim_label": label, "evidences": evidences}))
        yield _row(f"climate-fever-dataset-1.0.1/dataset/climate-fever.jsonl:{i}", "train", label)
    yield aux("climate-fever-dataset-1.0.1/dataset/climate-fever.jsonl", "\n".join(lines) + "\n")
    yield aux("climate-fever-dataset-1.0.1/README.md", "# CLIMATE-FEVER\n\nA dataset adopting the FEVER methodology that "
              "consists of 1,535 real-world claims regarding climate-change.\n")


# ------------------------------------------------------------------------------------------------
# Tabular: a regression table with a split column; captions with flags per caption
# ------------------------------------------------------------------------------------------------

def koniq() -> Iterator[Put]:
    # KonIQ-10k (Hosu et al. 2020, database.mmsp-kn.de/koniq-10k-database.html). CHECKED 2026-11-29 against the
    # release's metadata/koniq10k_distributions_sets.csv as github.com/subpic/koniq keeps it (read_file: header
    # 'image_name,c1,c2,c3,c4,c5,c_total,MOS,SD,set', rows '10004473376.jpg,0.0,0.0,0.238095238095,0.695238095238,
    # 0.0666666666667,105,77.3836206897,0.527277894494,training', set one of training, validation, test) and readers in
    # the code corpus (find_string 'koniq10k_distributions_sets': "Make sure the path of its .csv file is
    # '/koniq/koniq10k_distributions_sets.csv', and the root path of images is 'koniq/1024x768'"; DEFAULT_DIRS
    # {'koniq-images': 'koniq10k/1024x768/', 'koniq-distr': 'koniq10k/koniq10k_distributions_sets.csv'};
    # ids[ids.set=='training']; "The expected columns are image_name, MOS, and set"). Truth: each image a record of its
    # row's set (training the train split), labelled by its MOS as written (the mean opinion score, the regression
    # target; c1..c5 the rating distribution, SD its spread). Simplified: 12 images
    rows = ["image_name,c1,c2,c3,c4,c5,c_total,MOS,SD,set"]
    for i in range(12):
        name = f"{_num(f'kq{i}', 10**10) + 10**9}.jpg"
        split = ("training", "training", "test", "training", "validation", "training")[i % 6]
        dist = [_num(f"kqd{i}{k}", 40) for k in range(5)]
        total = sum(dist) or 1
        shares = [round(d / total, 12) for d in dist]
        mos = f"{1 + sum((k + 1) * s for k, s in enumerate(shares)) * 19.5:.10g}"
        rows.append(",".join([name] + [str(s) for s in shares] + [str(100 + i), mos, f"{0.45 + i / 100:.12g}", split]))
        yield _file(f"koniq10k/1024x768/{name}", _pic(f"kq{i}", "JPEG"), "train" if split == "training" else split, mos)
    yield aux("koniq10k/koniq10k_distributions_sets.csv", "\n".join(rows) + "\n")


_PRECANNED = "Quality issues are too severe to recognize visual content."


def vizwiz() -> Iterator[Put]:
    # VizWiz-Captions (Gurari et al. 2020, vizwiz.org). CHECKED 2026-11-29 against readers in the code corpus
    # (find_string '"is_precanned"', 'VizWiz_train_0000'): a file's header quoted in a comment '"info": {"description":
    # "This dataset contains the train partition.", ... "version": "VizWiz-Captions 1.0" ...}, "images":
    # [{"file_name": "VizWiz_train_00000000.jpg", "vizwiz_url": "https://ivc.ischool.utexas.edu/VizWiz_visualization_img/
    # VizWiz_train_00000000.jpg", "id": 0, "text_detected": true}, "annotations": [{"caption": "...", "image_id": 23431,
    # "is_precanned": false, "is_rejected": false, "id": 117155, "text_detected": true}'; an evaluator "applying the
    # official filtering: drop pre-canned 'quality issues' captions, drop rejected captions (is_rejected)"; loaders
    # keeping annotations with not is_rejected and not is_precanned; zf.open("annotations/val.json"); image paths
    # 'vizwiz/train/VizWiz_train_00000228.jpg' and the prefix "VizWiz_val_". The test JSON holds images only (no
    # captions: the challenge's hidden set). Truth: each image a record of its JSON's split, unlabelled, its text its
    # captions neither rejected nor pre-canned joined with a line break (COCO's rule in this project); test images
    # without text. Simplified: 5 captions an image as the release has, 6 train, 3 val, 2 test images
    image_id, ann_id = 0, 0
    for split, count in (("train", 6), ("val", 3), ("test", 2)):
        images, anns = [], []
        for i in range(count):
            name = f"VizWiz_{split}_{i:08d}.jpg"
            images.append({"file_name": name, "vizwiz_url": f"https://ivc.ischool.utexas.edu/VizWiz_visualization_img/{name}",
                           "id": image_id, "text_detected": bool(i % 2)})
            kept = []
            if split != "test":
                for k in range(5):
                    rejected = (i + k) % 7 == 3
                    precanned = i == 2 and k < 2
                    cap = _PRECANNED if precanned else f"{_words(f'vw{split}{i}{k}', 9).capitalize()}."
                    anns.append({"caption": cap, "image_id": image_id, "is_precanned": precanned, "is_rejected": rejected,
                                 "id": ann_id, "text_detected": bool(i % 2)})
                    ann_id += 1
                    if not (rejected or precanned):
                        kept.append(cap)
            yield Put(f"{split}/{name}", data=_pic(f"vw{split}{i}", "JPEG"), record=True, split=split,
                      text="\n".join(kept) if kept else None)
            image_id += 1
        doc = {"info": {"description": f"This dataset contains the {split} partition.", "url": "https://vizwiz.org",
                        "version": "VizWiz-Captions 1.0", "year": 2019, "contributor": "VizWiz-Captions Consortium",
                        "date_created": "2019-12-23"}, "images": images}
        if split != "test":
            doc["annotations"] = anns
        yield aux(f"annotations/{split}.json", json.dumps(doc))

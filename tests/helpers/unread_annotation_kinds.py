"""Miniatures of the kind blind round seventeen found four times (tests/helpers/blind17.py) and the newcomer
trial twice (tests/helpers/newcomer_seventeen.py): an annotation file no reader takes, beside inputs whose
labels detection guessed from their folders or names (or left out), written with exit 0.

Neighbours, each from its documented layout (found by search, 2026-11-28):

- lisa_signs: LISA Traffic Sign Dataset (readme.txt in the download: "All frame annotations can be found in the
  file allAnnotations.csv ... The rest of the folders contain tracks and frames ... Each folder contains data from
  a particular source video"; loaders found by search: `Filename;Annotation tag;Upper left corner X;...`): the
  recording folders would be the classes. Stopped naming allAnnotations.csv; since blind round twenty its header
  is a box format's row (shardify/plan/box_format_rows.py): read as boxes, right.
- charades_frames: Charades v1 RGB frames (Charades_v1_rgb/<id>/<id>-000001.jpg; Charades_v1_train.csv and
  Charades_v1_test.csv read by id with csv.DictReader, columns id, subject, scene, quality, relevance, verified,
  script, objects, descriptions, actions, length, as loaders found by search read them): the clip folders would be
  the classes. Stops naming the tables.
- something_v1: 20BN Something-Something v1 (20bn-something-something-v1/<id>/00001.jpg and
  something-something-v1-{train,validation}.csv of 'id;label', Jester's format from the same publisher, the labels
  whole phrases): the clip folders would be the classes. Stops naming the tables.

Twins:

- synset_map: ImageNet-like class folders (train/n01440764/...) beside LOC_synset_mapping.txt ('n01440764 tench,
  Tinca tinca', one line a class): a one-to-one map of the folders names the classes, no sign. Right.
- restated_table: class folders beside a table naming each image with its folder's class again (Kaggle's
  `filepaths,labels`): no sign. Right.
- pets_xml_twin: names carrying a breed (`Abyssinian_1.jpg`) beside annotations/xmls/ whose objects are named
  `cat`/`dog` (Oxford-IIIT Pet's head boxes), no split lists: the XMLs' objects are not the names' labels, so
  neither is read over the other; stops naming the XMLs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

from helpers.unseen4 import Put, Spec, Truth4, _csv, aux, build, img

__all__ = ["DATASETS", "SPECS"]


def _lisa() -> Iterator[Put]:
    header = ("Filename;Annotation tag;Upper left corner X;Upper left corner Y;Lower right corner X;Lower right corner Y;"
              "Occluded,On another road;Origin file;Origin frame number;Origin track;Origin track frame number")
    lines = [header]
    tags = ["stop", "pedestrianCrossing", "signalAhead", "speedLimit35"]
    for k, folder in enumerate(["aiua120214-0/frameAnnotations-DataLog02142012_external_camera.avi_annotations",
                                "aiua120306-1/frameAnnotations-DataLog02142012_003_external_camera.avi_annotations"]):
        for i in range(3):
            tag = tags[(k + i) % len(tags)]
            name = f"{folder}/{tag}_{1330545910 + 7 * i + k}.avi_image{i}.png"
            lines.append(f"{name};{tag};{3 + i};{2 + k};{12 + i};{11 + k};0,0;{folder}.avi;{100 + i};{tag}.avi;{i}")
            yield img(name, "train", tag, kind="png", objects=[tag])
    yield aux("allAnnotations.csv", "\n".join(lines) + "\n")
    yield aux("readme.txt", "All frame annotations can be found in the file allAnnotations.csv.\n")


def _charades() -> Iterator[Put]:
    header = "id,subject,scene,quality,relevance,verified,script,objects,descriptions,actions,length"
    files = {"train": [header], "test": [header]}
    for k, clip in enumerate(["46GP8", "N11GT", "0IH69", "KRF68", "MJO7C", "S6MPZ"]):
        split = "test" if k % 3 == 2 else "train"
        scene = ("Kitchen", "Bedroom")[k % 2]
        files[split].append(_csv(clip, f"HR4{k}", scene, "6", "7", "Yes", f"A person cooks food in the {scene.lower()}.",
                                 "food;stove", "A person is cooking.", f"c09{k} 11.90 21.20", "24.83"))
        for f in range(1, 3):
            yield img(f"Charades_v1_rgb/{clip}/{clip}-{f:06d}.jpg", split, scene)
    for split, lines in files.items():
        yield aux(f"Charades_v1_{split}.csv", "\n".join(lines) + "\n")


def _something() -> Iterator[Put]:
    phrases = ["Holding something next to something", "Pushing something from left to right", "Tearing something into two pieces"]
    lists = {"train": [], "validation": []}
    for k in range(7):
        clip = str(108000 + k * 2713)
        split = "validation" if k % 3 == 1 else "train"
        lists[split].append(f"{clip};{phrases[k % 3]}")
        for f in range(1, 3):
            yield img(f"20bn-something-something-v1/{clip}/{f:05d}.jpg", split, phrases[k % 3])
    for split, lines in lists.items():
        yield aux(f"something-something-v1-{split}.csv", "\n".join(lines) + "\n")
    yield aux("something-something-v1-labels.csv", "\n".join(phrases) + "\n")


_SYNSETS = [("n01440764", "tench, Tinca tinca"), ("n01443537", "goldfish, Carassius auratus"),
            ("n01484850", "great white shark, white shark")]


def _synset_map() -> Iterator[Put]:
    for wnid, _ in _SYNSETS:
        for i in range(3):
            yield img(f"train/{wnid}/{wnid}_{1000 + i}.JPEG", "train", wnid)
    yield aux("LOC_synset_mapping.txt", "".join(f"{wnid} {words}\n" for wnid, words in _SYNSETS))


def _restated() -> Iterator[Put]:
    lines = ["filepaths,labels,data set"]
    for cls in ("air hockey", "bull riding", "curling"):
        for i in range(1, 4):
            lines.append(_csv(f"train/{cls}/{i:03d}.jpg", cls, "train"))
            yield img(f"train/{cls}/{i:03d}.jpg", "train", cls)
    yield aux("sports.csv", "\n".join(lines) + "\n")


def _pets_xml() -> Iterator[Put]:
    for breed, species in (("Abyssinian", "cat"), ("Bengal", "cat"), ("beagle", "dog")):
        for i in range(1, 4):
            yield img(f"images/{breed}_{i}.jpg", "train", breed)
            yield aux(f"annotations/xmls/{breed}_{i}.xml",
                      f"<annotation><folder>OXIIIT</folder><filename>{breed}_{i}.jpg</filename><size><width>20</width>"
                      f"<height>16</height><depth>3</depth></size><object><name>{species}</name><bndbox><xmin>2</xmin>"
                      "<ymin>2</ymin><xmax>12</xmax><ymax>10</ymax></bndbox></object></annotation>\n")


SPECS: dict[str, Spec] = {
    "lisa_signs": Spec("signDatabasePublicFramesOnly", "image", _lisa, "http://cvrr.ucsd.edu/LISA/lisa-traffic-sign-dataset.html",
                       "detection: each allAnnotations.csv row an object of its tag."),
    "charades_frames": Spec("Charades", "image", _charades, "https://prior.allenai.org/projects/charades",
                            "each frame labelled by its clip's row; split by table."),
    "something_v1": Spec("something-something-v1", "image", _something, "https://20bn.com/datasets/something-something/v1",
                         "each frame labelled by its clip's row; split by table."),
    "synset_map": Spec("imagenet-like", "image", _synset_map, "ImageNet's LOC_synset_mapping.txt", "the class folder the label."),
    "restated_table": Spec("sports-like", "image", _restated, "Kaggle's 100 Sports (sports.csv)", "the class folder the label."),
    "pets_xml_twin": Spec("pets-like", "image", _pets_xml, "Oxford-IIIT Pet (images/, annotations/xmls/)",
                          "ambiguous: the breed in the name or the species in the XML."),
}

DATASETS: dict[str, Callable[[Path], Truth4]] = {name: (lambda dest, s=spec: build(s, dest)) for name, spec in SPECS.items()}

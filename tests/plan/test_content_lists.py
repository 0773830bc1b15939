"""Split lists known by their content, and label lines whose "labels" name things, not classes.

Rows as the public datasets ship them: Flickr8k's Flickr_8k.trainImages.txt (a file name a line) and
ExpertAnnotations.txt (`<image>.jpg  <image>.jpg#2  1 2 1`), Stanford Online Products' Ebay_train.txt
(`image_id class_id super_class_id path` under that header), GTSRB's GT-final_test.csv
(`;`-separated, ClassId last), Pascal VOC's ImageSets/Main/aeroplane_train.txt (`<id> -1`) and Tiny
ImageNet's val_annotations.txt (`val_0.JPEG n03444034 0 32 44 62`).
"""

from __future__ import annotations

from shardify.plan import content_lists, evidence, recognise


def _always(keys):
    return True


def _never(keys):
    return False


def _recognise(path, lines, names_inputs):
    """As detection reads a text file: by its name first, then by its content."""
    return recognise.recognise(path, lines) or content_lists.recognise_list(path, lines, names_inputs)


def test_a_name_with_other_words_is_a_split_list_when_its_rows_name_inputs() -> None:
    lines = ["1000268201_693b08cb0e.jpg", "1000276120_a1b2c3d4e5.jpg"]
    found = _recognise("Flickr_8k.trainImages.txt", lines, names_inputs=_always)
    assert found is not None
    assert (found.kind, found.split, found.column, found.label_column) == (evidence.SPLIT_LIST, "train", 0, None)
    assert not found.gives_labels
    assert _recognise("Flickr_8k.trainImages.txt", lines, names_inputs=_never) is None


def test_a_header_names_the_key_column_and_the_class_column() -> None:
    lines = ["image_id class_id super_class_id path", "1 1 1 bicycle_final/111085122871_0.JPG", "2 5 2 cabinet_final/1_0.JPG"]
    found = _recognise("Ebay_train.txt", lines, names_inputs=_always)
    assert found is not None and (found.split, found.column, found.header, found.label_column) == ("train", 3, True, 1)
    assert found.gives_labels and found.gives_split
    gtsrb = ["Filename;Width;Height;Roi.X1;Roi.Y1;Roi.X2;Roi.Y2;ClassId", "00000.ppm;21;20;5;5;16;15;14"]
    found = _recognise("GT-final_test.csv", gtsrb, names_inputs=_always)
    assert found is not None and (found.split, found.column, found.header, found.label_column) == ("test", 0, True, 7)


def test_lists_of_ids_and_rows_with_words_are_not_content_lists() -> None:
    voc = ["2008_000008 -1", "2008_000015  1"]
    assert _recognise("ImageSets/Main/aeroplane_train.txt", voc, names_inputs=_always) is None
    tiny = ["val_0.JPEG\tn03444034\t0\t32\t44\t62", "val_1.JPEG\tn04067472\t52\t55\t57\t59"]
    found = _recognise("val/val_annotations.txt", tiny, names_inputs=_always)
    assert found is not None and found.kind == evidence.LABEL_LINES


def test_file_names_and_numbered_ids_are_not_labels() -> None:
    expert = ["1000268201_693b08cb0e.jpg\t1000276120_a1b2c3d4e5.jpg#2\t1\t2\t1"] * 3
    assert _recognise("ExpertAnnotations.txt", expert, names_inputs=_always) is None
    paired = ["a.jpg b.jpg", "c.jpg d.jpg"]
    assert _recognise("pairs.txt", paired, names_inputs=_always) is None


def test_inputs_in_no_list_are_set_aside_only_where_lists_give_several_splits() -> None:
    from shardify.beam_jobs.discover.evidence import unlisted_in_no_split

    train = evidence.Evidence("TrainImages.txt", evidence.SPLIT_LIST, split="train")
    test = evidence.Evidence("TestImages.txt", evidence.SPLIT_LIST, split="test")
    assert unlisted_in_no_split([train, test])  # MIT Indoor 67: the images in neither are in no split
    assert not unlisted_in_no_split([test])  # one list alone (a stray results file) must not hide the rest
    codes = evidence.Evidence("list_eval_partition.txt", evidence.SPLIT_CODES, codes=recognise.CELEBA_CODES)
    assert unlisted_in_no_split([codes])
    coco = evidence.Evidence("instances_val2017.json", evidence.COCO_SPLIT, split="validation")
    assert not unlisted_in_no_split([train, test, coco])  # an annotation file's unnamed image stays a reject

"""The checks run on a finished guess of a layout, the last step of detection before the plan.

`detect._detect_folder` guesses and describes a layout; these are what it asks of that guess once
it is whole. `checked_guess` reads the split files and entry captions it names, then asks every
check that stops on a sign of a wrong guess (files the guess leaves unread, folds, twins, masks
or boxes read two ways): such a stop carries the guess with it (`DoubtedGuess`), so that a layout
file written from it can mend it; a stop that the files themselves decide (`DecidedByFiles`) passes
as it is. `with_last_readings` then reads what depends on the guess being right (parallel labels,
pixel label tables, split ids, mask modes) and runs the stops on the tables' encoding, quoting and
text columns. A module of its own because these stops and readings are the contract between the
guess and the plan, whatever found the guess.
"""

from __future__ import annotations

from collections.abc import Sequence

from shardify.beam_jobs.discover import (
    files_decide,
    fold_folders,
    fold_lists,
    folder_annotation_checks,
    frame_tables,
    guards,
    held_out_label_tables,
    image_split_fields,
    json_record_paths,
    json_split_ids,
    list_families,
    mask_modes,
    mask_pixels,
    mirror_documents,
    numbered_names,
    parallel_labels,
    percent_boxes,
    pixel_label_tables,
    pixel_types,
    prefix_splits,
    split_documents,
    split_files,
    table_quoting,
    text_columns,
    unmatched_names,
    unnamed_list_rows,
    unread_annotation_checks,
    unread_lists,
    version_trees,
)
from shardify.config import ConvertConfig
from shardify.errors import DoubtedGuess, UsageError
from shardify.plan import layout

__all__ = ["checked_guess", "with_last_readings"]


def checked_guess(
    config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout, annotations: Sequence[str], sample_files: int
) -> layout.SourceLayout:
    """The guess with its split files and entry captions read, once every check of it has passed.

    Args:
      annotations: folders of rows of numbers named like the images (`guards.number_row_folders`).
      sample_files: the most files the sample lists (`detect.DETECT_SAMPLE_FILES`): a sample of
        fewer is the whole listing.

    Raises:
      DoubtedGuess: a check stopped on a sign of a wrong guess; the guess goes with it.
      files_decide.DecidedByFiles: the files decide the options; detection runs again with them.
    """
    try:
        detected = split_files.with_split_files(config, sample, detected, len(sample) < sample_files)  # potholes' splits.json
        detected = image_split_fields.with_entry_captions(config, detected)  # Karpathy's dataset_flickr8k.json: splits, captions
        frame_tables.check_frame_tables(config, sample, detected)  # MOT17's <seq>/gt/gt.txt beside <seq>/img1/
        guards.check_guess(config, sample, detected, annotations)
        unmatched_names.check_unmatched_names(config, sample, detected)  # Ships' scenes/ beside its 1__*.png chips
        unread_annotation_checks.check_unread_annotations(config, sample, detected)  # Bosch's train.yaml beside <date>_bag/
        folder_annotation_checks.check_folder_annotations(config, sample, detected)  # EgoHands' <video>/polygons.mat
        prefix_splits.check_prefix_splits(sample, detected, sample_files)  # a file unseen may have no prefix
        fold_folders.check_fold_folders(config, sample, detected)  # HASYv2's fold-<k>/ lists
        fold_folders.check_fold_named_lists(config, sample, detected)  # VEDAI's fold01.txt, fold01test.txt
        fold_lists.check_fold_lists(config, sample, detected)  # Freiburg Groceries' splits/train0.txt .. test4.txt
        mirror_documents.check_mirror_documents(config, sample, detected)  # EuroCity Persons' labels/<split>/<city>/*.json
        list_families.check_list_families(config, sample, detected)  # WikiArt's style, genre, artist lists
        unread_lists.check_unread_lists(config, sample, detected)  # CCPD's hard subsets' lists beside train.txt
        numbered_names.check_numbered_names(config, sample, detected)  # MJSynth's lexicon.txt beside its numbered lists
        unnamed_list_rows.check_unnamed_list_rows(config, sample, detected)  # DeepPCB's '<n>.jpg' beside <n>_test.jpg
        version_trees.check_version_trees(config, sample, detected)  # DIV2K's LR X2/ X4/ twins of the HR images
        mask_pixels.check_mask_pixels(config, sample, detected)  # `pixelwiseGT-new-PNG/`, `_1stHO`: masks, or photos?
        percent_boxes.check_percent_boxes(config, sample, detected)  # Label Studio's x, y, width, height: percent, or pixels?
        image_split_fields.check_image_split_fields(config, sample, detected)  # RSICD's dataset_rsicd.json: a split an image
        held_out_label_tables.check_unread_targets(config, sample, detected)  # HC18's training_set_pixel_size_and_HC.csv
        held_out_label_tables.check_unread_train_table(config, sample, detected)  # Bone Age's test 'Sex' read, train table not
    except files_decide.DecidedByFiles:  # no doubt: the files decide the options, detected again with them
        raise
    except UsageError as error:  # the guess goes with the doubt: a layout file can mend it
        mend = "; or mend the guess itself: --dry-run --layout-file FILE writes it (docs/layout-files.md)"
        raise DoubtedGuess(f"{error}{mend}", detected) from None
    return detected


def with_last_readings(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> layout.SourceLayout:
    """The checked guess with what reads on it (parallel labels, pixel label tables, split ids,
    mask modes), once its tables' encoding, quoting, record paths and text columns pass their stops.

    Raises:
      UsageError: a table's encoding, quoting or text columns cannot be told.
    """
    detected = parallel_labels.with_parallel_labels(config, sample, detected)
    detected = pixel_label_tables.with_pixel_labels(config, sample, detected)  # AHCD's csvTrainLabel beside csvTrainImages
    detected = json_split_ids.with_split_ids(config, sample, detected)  # HateXplain's post_id_divisions.json
    files_decide.check_table_encoding(config, sample, detected)  # (before the columns are read in it)
    json_record_paths.check_record_paths(config, sample, detected)  # CoQA's questions beside answers
    table_quoting.check_table_quoting(config, sample, detected)  # 10kGNAD's `;`, `'`-quoted rows
    text_columns.check_text_columns(config, sample, detected)
    split_documents.check_split_documents(config, sample, detected)
    pixel_types.check_pixel_types(config, sample, detected)  # Sen1Floods11's float32 chips: no record holds them
    return mask_modes.with_mask_modes(config, sample, detected)  # a photo among grey masks: the writer's reject

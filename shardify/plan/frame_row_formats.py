"""The FRAME_ROWS rows of `shardify.plan.box_formats.FORMATS`: tracking and video-detection tables, one
per sequence of frames, a row per box naming its frame by NUMBER, then a track id. Data, not code:
a new dataset of one of these shapes needs nothing; a new shape needs a row here, its `source` saying
where the shape was read.

  UAVDT           UAV-benchmark-MOTD_v1.0/GT/<seq>_gt_whole.txt beside UAV-benchmark-M/<seq>/img000001.jpg
  VisDrone-VID    VisDrone2019-VID-<split>/annotations/<seq>.txt beside sequences/<seq>/0000001.jpg
  KITTI tracking  training/label_02/<seq>.txt beside training/image_02/<seq>/000000.png (frames from 0)
  MOTChallenge    <seq>/gt/gt.txt beside <seq>/img1/000001.jpg (the sequence the table's grandparent)
  BIRDSAI         TrainReal/annotations/<video>.csv beside TrainReal/images/<video>/<video>_<frame>.jpg

Files the formats ship beside their tables that hold no objects are each row's `companions`: left out
and listed, never read as boxes (UAVDT's `_gt.txt` repeats the boxes of `_gt_whole.txt` without their
category, for tracking; its `_gt_ignore.txt` lists ignored regions; MOT's det/det.txt is a public
detector's output).
"""

from __future__ import annotations

from shardify.plan.box_format import FRAME_ROWS, XYWH_PIXELS, XYXY_PIXELS, BoxFormat

__all__ = ["FORMATS"]

FORMATS: tuple[BoxFormat, ...] = (
    BoxFormat(
        name="UAVDT sequences",
        pairing=FRAME_ROWS,
        files=r"_gt_whole\.txt",
        sequence_path=r"(?:^|/)([^/]+)_gt_whole\.txt",
        fields=(9,),
        separator=",",
        number_field="0",
        class_field="8",
        class_numbers=("", "car", "truck", "bus"),
        box_fields=("2", "3", "4", "5"),
        convention=XYWH_PIXELS,
        companions=(
            (r"(?:^|/)([^/]+)_gt\.txt", "UAVDT's tracking ground truth: the boxes of <seq>_gt_whole.txt without their category"),
            (r"(?:^|/)([^/]+)_gt_ignore\.txt", "UAVDT's ignored regions, not objects"),
        ),
        source="UAVDT (Du et al. 2018) as its readers document it: GT format <frame>,<id>,<x>,<y>,<w>,<h>,<out-of-view>,"
        "<occlusion>,<category>, categories 1=car 2=truck 3=bus; <seq>_gt_whole.txt grouped by frame into "
        "UAV-benchmark-M/<seq>/img{frame:06d}.jpg; <seq>_gt_ignore.txt ignored regions (tests/helpers/blind24.py's _uavdt)",
    ),
    BoxFormat(
        name="VisDrone VID sequences",
        pairing=FRAME_ROWS,
        files=r"\.txt",
        sequence_path=r"(?:^|/)annotations/([^/]+)\.txt",
        fields=(10,),
        separator=",",
        number_field="0",
        class_field="7",
        class_numbers=("ignored region", "pedestrian", "people", "bicycle", "car", "van", "truck", "tricycle",
                       "awning-tricycle", "bus", "motor", "others"),
        box_fields=("2", "3", "4", "5"),
        convention=XYWH_PIXELS,
        skip=(("7", "0", "an ignored region (VisDrone's category 0, not an object)"),
              ("6", "0", "an ignored box (VisDrone's score 0 in ground truth: not considered)")),
        source="VisDrone2018-VID-toolkit readme: <frame_index>,<target_id>,<bbox_left>,<bbox_top>,<bbox_width>,"
        "<bbox_height>,<score>,<object_category>,<truncation>,<occlusion>; score 0 ignored, categories 0 ignored "
        "regions, 1 pedestrian ... 11 others; annotations/<seq>.txt beside sequences/<seq>/0000001.jpg",
    ),
    BoxFormat(
        name="KITTI tracking labels",
        pairing=FRAME_ROWS,
        files=r"\d+\.txt",
        sequence_path=r"(?:^|/)label_0[0-3]/(\d+)\.txt",
        fields=(17, 18),  # 18 in result files: a score after rotation_y
        number_field="0",
        frame_base=0,
        class_field="2",
        box_fields=("6", "7", "8", "9"),
        convention=XYXY_PIXELS,
        skip=(("2", "DontCare", "a DontCare region (KITTI: not annotated, not an object)"),),
        source="KITTI tracking devkit readme: 17 columns frame, track id, type, truncated, occluded, alpha, bbox "
        "left top right bottom, dimensions, location, rotation_y; image_02/%04d/ the left camera's frames "
        "(%06d.png from 0), label_02/ its labels",
    ),
    BoxFormat(
        name="MOTChallenge sequences",
        pairing=FRAME_ROWS,
        files=r"gt\.txt",
        sequence_path=r"(?:^|/)([^/]+)/gt/gt\.txt",
        frames_folder="img1",
        fields=(9,),
        separator=",",
        number_field="0",
        class_field="7",
        class_numbers=("", "pedestrian", "person on vehicle", "car", "bicycle", "motorbike", "non motorized vehicle",
                       "static person", "distractor", "occluder", "occluder on the ground", "occluder full", "reflection"),
        box_fields=("2", "3", "4", "5"),
        convention=XYWH_PIXELS,
        skip=(("6", "0", "not considered (MOTChallenge's flag 0 in gt: ignored in evaluation)"),),
        companions=((r"(?:^|/)([^/]+)/det/det\.txt", "a public detector's boxes (MOTChallenge's det/det.txt), not truth"),),
        source="MOT16 (Milan et al. 2016, arXiv 1603.00831) and motchallenge.net/instructions: gt.txt <frame>,<id>,"
        "<bb_left>,<bb_top>,<bb_width>,<bb_height>,<flag 1 considered / 0 ignored>,<class 1 pedestrian ... 12 "
        "reflection>,<visibility>; <seq>/img1/000001.jpg; det/det.txt a detector's output",
    ),
    BoxFormat(
        name="BIRDSAI videos",
        pairing=FRAME_ROWS,
        files=r"\.csv",
        sequence_path=r"(?:^|/)annotations/([^/]+)\.csv",
        fields=(10,),
        separator=",",
        number_field="0",
        class_field="6",
        class_numbers=("animal", "human"),
        box_fields=("2", "3", "4", "5"),
        convention=XYWH_PIXELS,
        source="BIRDSAI (Bondi et al., WACV 2020; LILA 'conservationdrones'), as LILA's own conversion script reads "
        "it: headerless annotations/<video>.csv of [frame_number], [object_id], [x], [y], [w], [h], [class], [species], "
        "[occlusion], [noise], x and y the top left as MOT's; class 0 animal, 1 human; frames images/<video>/"
        "<video>_<frame:010d>.jpg (tests/helpers/blind40.py's _birdsai)",
    ),
)

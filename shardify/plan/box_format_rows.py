"""The rows of `shardify.plan.box_formats`: one `BoxFormat` per shape of box text a public
detection dataset ships, data rather than code per dataset (each row's `source` says where its
shape was read). A new dataset of a known shape needs no row; a new shape needs one here.
Kinds whose rows share one reading keep them in modules of their own (`box_table_rows`,
`box_document_rows`, `json_box_rows`, ...), joined here in the order rows are tried.
"""

from __future__ import annotations

from shardify.plan.box_format import (
    BLOCKS,
    ELLIPSE_PIXELS,
    FOLDER_CLASS,
    FOLDER_TABLES,
    FRAMES_XML,
    IDL_LINES,
    JSON_LINES,
    PER_IMAGE,
    PER_IMAGE_JSON,
    POINTS_PIXELS,
    QUAD_PIXELS,
    ROTATED_PIXELS,
    UNNAMED_CLASS,
    WORDS_BEFORE_BOX,
    XYWH_PIXELS,
    XYXY_PIXELS,
    BoxFormat,
)

from shardify.plan import box_document_rows, box_table_rows, class_keyed_documents, corner_point_documents, frame_row_formats, header_box_rows, json_box_rows, keyed_box_documents, mat_box_rows, named_line_rows, oriented_box_rows

__all__ = ["FORMATS"]


FORMATS: tuple[BoxFormat, ...] = (
    BoxFormat(
        name="KITTI object labels",
        pairing=PER_IMAGE,
        files=r"labels?(_\d+)?",  # KITTI's label_2/; the KITTI format's exports (DIGITS, TAO) use labels/
        fields=(15, 16),  # 16 in result files: a score after rotation_y
        class_field="0",
        box_fields=("4", "5", "6", "7"),
        convention=XYXY_PIXELS,
        skip=(("0", "DontCare", "a DontCare region (KITTI: not annotated, not an object)"),),
        source="KITTI object devkit readme; tfds object_detection/kitti.py",
    ),
    BoxFormat(
        name="DOTA oriented boxes",
        pairing=PER_IMAGE,
        files=r"labelTxt",  # DOTA's <split>/labelTxt/<stem>.txt beside <split>/images/<stem>.png; DIOR-R etc. in its format
        fields=(9, 10),  # the devkit reads `difficult` as 0 where a line has no tenth field
        class_field="8",
        box_fields=("0", "1", "2", "3", "4", "5", "6", "7"),
        convention=QUAD_PIXELS,
        flags=(("9", "difficult"),),
        header=r"(imagesource|gsd):\S*",
        source="DOTA devkit dota_utils.py parse_dota_poly; captain-whu.github.io/DOTA/dataset.html",
    ),
    BoxFormat(
        name="OIDv4 toolkit labels",
        pairing=PER_IMAGE,
        files=r"Label",  # OID/Dataset/<split>/<Class>/Label/<id>.txt inside the folder of its images
        fields=(5, 6, 7, 8),  # a class name of one to four words
        class_field=WORDS_BEFORE_BOX,
        box_fields=("-4", "-3", "-2", "-1"),
        convention=XYXY_PIXELS,
        source="OIDv4_ToolKit README (Label/<id>.txt: '<name_of_the_class> <left> <top> <right> <bottom>', pixels)",
    ),
    BoxFormat(
        name="VisDrone DET annotations",
        pairing=PER_IMAGE,
        files=r"annotations",  # VisDrone2019-DET-<split>/annotations/<stem>.txt beside images/<stem>.jpg
        fields=(8,),
        separator=",",
        class_field="5",
        class_numbers=("ignored region", "pedestrian", "people", "bicycle", "car", "van", "truck", "tricycle",
                       "awning-tricycle", "bus", "motor", "others"),
        box_fields=("0", "1", "2", "3"),
        convention=XYWH_PIXELS,
        skip=(("5", "0", "an ignored region (VisDrone's category 0, not an object)"),),
        source="VisDrone2018-DET-toolkit readme (<bbox_left>,<bbox_top>,<bbox_width>,<bbox_height>,<score>,"
        "<object_category>,<truncation>,<occlusion>; categories 0 ignored regions, 1 pedestrian ... 11 others)",
    ),
    BoxFormat(
        name="WiderPerson boxes",
        pairing=PER_IMAGE,
        files=r"Annotations",  # Annotations/000040.jpg.txt beside Images/000040.jpg (the image's whole name + .txt)
        fields=(5,),
        class_field="0",
        class_numbers=("", "pedestrians", "riders", "partially-visible persons", "ignore regions", "crowd"),
        box_fields=("1", "2", "3", "4"),
        convention=XYXY_PIXELS,
        header=r"\d+",  # the first line: the number of boxes that follow
        opens_with_header=True,  # always: CARPK's `x1 y1 x2 y2 1` lines, without it, are not this format
        skip=(("0", "4", "an ignore region (WiderPerson's class 4: people on posters, reflections; not an object)"),),
        source="WiderPerson ReadMe.txt (Annotations/<image>.txt: the number of boxes, then `< class_label x1 y1 x2 y2 >`; "
        "class_label 1 pedestrians, 2 riders, 3 partially-visible persons, 4 ignore regions, 5 crowd)",
    ),
    BoxFormat(
        name="Corner boxes of one numbered class",
        pairing=PER_IMAGE,
        files=r"Annotations|annotations|labels?|gt|GT|groundtruth",  # CARPK_devkit/data/Annotations/<image>.txt
        fields=(5,),
        class_field="4",
        box_fields=("0", "1", "2", "3"),
        convention=XYXY_PIXELS,
        numbered_class=True,  # one class number in every line (`per_image_format`), named nowhere: --label-names
        source="CARPK and PUCPR+ devkits (Hsieh et al., ICCV 2017, lafi.github.io/LPN): data/Annotations/<image>.txt, "
        "`x1 y1 x2 y2 1` a car a line, class 1 the one class; ImageSets/train.txt, test.txt",
    ),
    BoxFormat(
        name="Counted corner boxes of one class named nowhere",
        pairing=PER_IMAGE,
        files=r"Labels|labels|Annotations|annotations",  # Guns Object Detection's Labels/<n>.txt beside Images/<n>.jpeg
        fields=(4,),
        single_class=UNNAMED_CLASS,  # no class field, no number: --label-names names the one class (box_tables)
        box_fields=("0", "1", "2", "3"),
        convention=XYXY_PIXELS,
        header=r"\d+",  # the first line: the number of boxes that follow (WiderPerson's, without a class field)
        opens_with_header=True,  # always: four numbers a line without it are no count of anything
        source="Guns Object Detection (kaggle issaisasank/guns-object-detection) readers: `num_objects = "
        "int(f.readline())`, then `x_min, y_min, x_max, y_max` a box a line; one class, hand guns, named in no file",
    ),
    BoxFormat(
        name="ICDAR text quadrilaterals",
        pairing=PER_IMAGE,
        # ch4_training_localization_transcription_gt/gt_img_1.txt beside ch4_training_images/img_1.jpg;
        # Challenge4_Test_Task1_GT/ beside ch4_test_images/; MLT 2017's ch8_validation_localization_transcription_gt_v2/
        # (a script's name before the transcription: `...,Latin,Hello`)
        files=r"(?i)\w*_gt(_v\d+)?",
        fields=tuple(range(9, 17)),  # a transcription holding commas splits into more fields
        separator=",",
        single_class="text",  # text regions: the files name no class, the transcription is no class
        box_fields=("0", "1", "2", "3", "4", "5", "6", "7"),
        convention=QUAD_PIXELS,
        stem_prefix="gt_",
        skip=(("8", "###", "a do-not-care region (ICDAR's ###: unreadable text the evaluation ignores, not an object)"),
              ("9", "###", "a do-not-care region (ICDAR's ###: unreadable text the evaluation ignores, not an object)")),
        source="ICDAR 2015 Robust Reading, Challenge 4 (rrc.cvc.uab.es/?ch=4): gt_img_<n>.txt, UTF-8 with a BOM, "
        "'x1,y1,x2,y2,x3,y3,x4,y4,transcription' a line, ### for do not care; MLT 2017 (rrc.cvc.uab.es/?ch=8): "
        "'x1,...,y4,script,transcription'",
    ),
    BoxFormat(
        name="RCTW-17 text quadrilaterals",
        pairing=PER_IMAGE,
        # RCTW-17 (ICDAR 2017 Reading Chinese Text in the Wild): train/image_0.txt beside train/image_0.jpg, a line
        # `x1,y1,...,x4,y4,difficult,"transcription"`. Before SROIE's row, which took its lines too and wrote every
        # difficult region (1: unreadable, `###` to the evaluation) as a plain one. Told from SROIE's by its quotes:
        # every line holds them (`drop`); no folder of its own (files ""), asked for by box_beside alone
        files=r"",
        fields=tuple(range(10, 65)),  # a transcription holding commas splits into more fields
        separator=",",
        drop='"',
        single_class="text",  # text regions: the files name no class, the transcription is no class
        box_fields=("0", "1", "2", "3", "4", "5", "6", "7"),
        convention=QUAD_PIXELS,
        flags=(("8", "difficult"),),
        source="RCTW-17 (rctw.vlrlab.net): <image>.txt beside each image, UTF-8, 'x1,y1,x2,y2,x3,y3,x4,y4,difficult,"
        "\"text\"' a line (mindocr's RCTW17_Converter reads a difficult value other than 0 as do not care, ###)",
    ),
    BoxFormat(
        name="Text quadrilaterals beside their images",
        pairing=PER_IMAGE,
        # SROIE 2019 task 1: 0325updated.task1train(626p)/X00016469612.txt beside X00016469612.jpg, in the images'
        # own folder, named as the image (no gt_ prefix). No folder of its own (files "": no folder's name fits):
        # `box_beside.py` alone asks for it, with the empty name, for a .txt beside its image of this shape (eight
        # numbers, then the text), which no caption has; a mirror folder of such files is ICDAR's row above
        files=r"",
        fields=tuple(range(9, 65)),  # a transcription holding commas splits into more fields
        separator=",",
        single_class="text",  # text regions: the files name no class, the transcription is no class
        box_fields=("0", "1", "2", "3", "4", "5", "6", "7"),
        convention=QUAD_PIXELS,
        skip=(("8", "###", "a do-not-care region (ICDAR's ###: unreadable text the evaluation ignores, not an object)"),),
        source="SROIE 2019 (rrc.cvc.uab.es/?ch=13), task 1 text localisation: <image>.txt beside each receipt's .jpg, "
        "'x1,y1,x2,y2,x3,y3,x4,y4,transcript' a line (mmocr's SROIE preparer reads the first eight fields as the "
        "corners, the rest as the text)",
    ),
    BoxFormat(
        name="ICDAR 2013 text boxes",
        pairing=PER_IMAGE,
        # Challenge2_Test_Task1_GT/gt_img_1.txt beside Challenge2_Test_Task12_Images/img_1.jpg: `38, 43, 920, 215, "Tiredness"`
        files=r"(?i)\w*_gt(_v\d+)?",
        fields=(5, 6, 7, 8),  # a transcription holding commas splits into more fields (nine or more: ICDAR 2015's)
        separator=",",
        drop='"',  # the transcription is quoted in every line: a line without quotes is of another shape
        single_class="text",  # text regions: the files name no class, the transcription is no class
        box_fields=("0", "1", "2", "3"),
        convention=XYXY_PIXELS,
        stem_prefix="gt_",
        source="ICDAR 2013 Robust Reading, Challenge 2 (rrc.cvc.uab.es/?ch=2), test ground truth: gt_img_<n>.txt, "
        "'xmin, ymin, xmax, ymax, \"transcription\"' a line; mmocr's icdar2013 parser reads the same",
    ),
    BoxFormat(
        name="ICDAR 2013 text boxes, spaces",
        pairing=PER_IMAGE,
        # Challenge2_Training_Task1_GT/gt_100.txt beside Challenge2_Training_Task12_Images/100.jpg: `158 128 411 181 "Footpath"`
        files=r"(?i)\w*_gt(_v\d+)?",
        fields=tuple(range(5, 16)),  # a transcription of several words splits into more fields
        drop='"',
        single_class="text",
        box_fields=("0", "1", "2", "3"),
        convention=XYXY_PIXELS,
        stem_prefix="gt_",
        source="ICDAR 2013 Robust Reading, Challenge 2 (rrc.cvc.uab.es/?ch=2), training ground truth: gt_<n>.txt, "
        "'xmin ymin xmax ymax \"transcription\"' a line",
    ),
    BoxFormat(
        name="Rotated text lines",
        pairing=PER_IMAGE,
        files=r".*",  # known by its extension and its lines, whatever the folder (SRC itself: HUST-TR400 is one folder)
        extension="gt",  # train/IMG_0064.gt beside train/IMG_0064.JPG
        fields=(7,),
        single_class="text",  # text lines: the files name no class
        box_fields=("2", "3", "4", "5", "6"),
        convention=ROTATED_PIXELS,
        flags=(("1", "difficult"),),
        source="MSRA-TD500 (www.iapr-tc11.org, MSRA Text Detection 500 Database; Yao et al., CVPR 2012): "
        "<split>/IMG_<n>.gt beside IMG_<n>.JPG, 'index difficult x y width height angle' a text line, the rectangle "
        "turned by angle radians about its centre; HUST-TR400 (Yao et al., 2014) in the same format",
    ),
    BoxFormat(
        name="NWPU VHR-10 boxes",
        pairing=PER_IMAGE,
        files=r"(?i)ground[ _]?truth",  # 'ground truth/001.txt' beside 'positive image set/001.jpg'
        fields=(5,),
        separator=",",
        drop="()",  # '(563,478),(630,573),1': two corners as points, then the class
        class_field="4",
        class_numbers=("", "airplane", "ship", "storage tank", "baseball diamond", "tennis court", "basketball court",
                       "ground track field", "harbor", "bridge", "vehicle"),
        box_fields=("0", "1", "2", "3"),
        convention=XYXY_PIXELS,
        source="NWPU VHR-10 readme (ground truth/<n>.txt: '(x1,y1),(x2,y2),a', the box's corners in pixels, a the class "
        "1 airplane ... 10 vehicle); github.com/chaozhong2010/VHR-10_dataset_coco",
    ),
    BoxFormat(
        name="PASCAL Annotation 1.00",
        pairing=PER_IMAGE,
        files=r"(?i)annotations?",  # INRIA Person's Train/annotations/<stem>.txt beside Train/pos/<stem>.png
        class_field="class",
        box_fields=("x1", "y1", "x2", "y2"),
        convention=XYXY_PIXELS,
        line_pattern=r'Bounding box for object \d+ "(?P<class>[^"]+)" \(Xmin, Ymin\) - \(Xmax, Ymax\) : '
        r"\((?P<x1>[-+\d.]+), (?P<y1>[-+\d.]+)\) - \((?P<x2>[-+\d.]+), (?P<y2>[-+\d.]+)\)",
        signature=r"# PASCAL Annotation Version 1\.00",
        source="PASCAL VOC 2005 devkit (PASreadrecord.m; the annotation format of VOC2005's and INRIA Person's "
        ".txt files: 'Bounding box for object N \"class\" (Xmin, Ymin) - (Xmax, Ymax) : (x1, y1) - (x2, y2)', pixels)",
    ),
    BoxFormat(
        name="Boxes under an x y width height header",
        pairing=PER_IMAGE,
        files=r".+",  # known by its header line, whatever the folder: FlickrLogos' classes/masks/<class>/
        fields=(4,),
        single_class=FOLDER_CLASS,  # the files name no class: the image's class folder is every box's class
        box_fields=("0", "1", "2", "3"),
        convention=XYWH_PIXELS,
        header=r"x y width height",
        opens_with_header=True,
        source="FlickrLogos-32 (www.multimedia-computing.de/flickrlogos: classes/masks/<class>/<image>.bboxes.txt, "
        "'x y width height' then a box a line, mirroring classes/jpg/<class>/<image>); loaders seen by search read "
        "the same four numbers as x, y, width, height",
    ),
    BoxFormat(
        name="DeepFashion2 items",
        pairing=PER_IMAGE_JSON,
        files=r"annos",  # <split>/annos/000001.json beside <split>/image/000001.jpg
        boxes_field="item*",  # item1, item2, ...: one clothing item each
        class_field="category_name",
        box_fields=("bounding_box",),
        convention=XYXY_PIXELS,
        source="github.com/switchablenorms/DeepFashion2 README (annos/<id>.json: source, pair_id, item1..itemN each with "
        "category_name, category_id, bounding_box [x1,y1,x2,y2], segmentation, landmarks, ...)",
    ),
    BoxFormat(
        name="LabelMe shapes",
        pairing=PER_IMAGE_JSON,
        # <name>.json beside <name>.jpg in the images' own folder (Strawberry Disease Detection's train/, val/): no folder
        # of its own (files "": `box_beside.py` alone asks for it, with the empty name)
        files=r"",
        boxes_field="shapes",
        class_field="label",
        box_fields=("points",),
        convention=POINTS_PIXELS,
        source="github.com/wkentaro/labelme labelme/label_file.py (version, flags, shapes [{label, points, group_id, "
        "shape_type: polygon|rectangle|circle|line|point|linestrip, flags}], imagePath, imageData, imageHeight, imageWidth)",
    ),
    BoxFormat(
        name="FUNSD form entities",
        pairing=PER_IMAGE_JSON,
        files=r"annotations",  # dataset/<split>_data/annotations/<id>.json beside images/<id>.png
        boxes_field="form",
        class_field="label",  # question, answer, header, other
        box_fields=("box",),
        convention=XYXY_PIXELS,
        source="guillaumejaume.github.io/FUNSD (annotations/<id>.json: form, a list of entities with box "
        "[x_left, y_top, x_right, y_bottom], text, label, words, linking, id); huggingface datasets funsd.py",
    ),
    BoxFormat(
        name="Cityscapes objects",
        pairing=PER_IMAGE_JSON,
        # gtBboxCityPersons/<split>/<city>/<frame>_gtBboxCityPersons.json beside leftImg8bit/<split>/<city>/
        # <frame>_leftImg8bit.png: no folder of its own (a city's), told by its content; the names' tails pair
        # (`box_file_names.annotated_image`)
        files=r"",
        boxes_field="objects",
        class_field="label",  # pedestrian, rider, sitting person, person (other), person group; ignore (kept: below)
        box_fields=("bbox",),  # the full-body box; bboxVis, the visible part, is not read
        convention=XYWH_PIXELS,
        document_keys=("imgHeight", "imgWidth"),  # the cityscapesScripts document: bbox is [x, y, w, h] in it
        source="github.com/cvgroup-njust/CityPersons (annotations/README.txt: [class_label, x1, y1, w, h, instance_id, "
        "x1_vis, y1_vis, w_vis, h_vis], (x1, y1) the upper left corner; class 0 'ignore regions (fake humans, e.g. "
        "people on posters, reflections)'); cityscapesScripts helpers/annotation.py CsBbox2d (imgHeight, imgWidth, "
        "objects [{label, bbox, bboxVis, instanceId}]). An 'ignore' region is kept as an object labelled 'ignore', "
        "as the file lists it: its evaluation needs it, and dropping it would lose it",
    ),
    BoxFormat(
        name="WIDER FACE boxes",
        pairing=BLOCKS,
        files=r"_bbx_gt\.txt",
        fields=(10,),
        single_class="face",
        box_fields=("0", "1", "2", "3"),
        convention=XYWH_PIXELS,
        skip=(("7", "1", "marked invalid (WIDER FACE's invalid flag)"),),
        source="WIDER FACE wider_face_split/readme.txt; tfds object_detection/wider_face.py",
    ),
    BoxFormat(
        name="FDDB face ellipses",
        pairing=BLOCKS,
        files=r"-ellipseList\.txt",  # FDDB-folds/FDDB-fold-01-ellipseList.txt: paths without extension
        fields=(6,),  # the ellipse's five numbers, then 1 (a detection's score in result files)
        single_class="face",
        box_fields=("0", "1", "2", "3", "4"),
        convention=ELLIPSE_PIXELS,
        source="FDDB README (vis-www.cs.umass.edu/fddb/README.txt: <image name>, <number of faces>, then "
        "<major_axis_radius minor_axis_radius angle center_x center_y 1> a face)",
    ),
) + box_table_rows.FORMATS + (
    BoxFormat(
        name="Corner box table per class folder",
        pairing=FOLDER_TABLES,
        files=r"[^/]+\.txt",  # known by its header, not its name: UEC FOOD's bb_info.txt
        key_field="img",
        box_fields=("x1", "y1", "x2", "y2"),
        convention=XYXY_PIXELS,
        separator=" ",
        single_class=FOLDER_CLASS,  # every box of the folder's class (converters/folder_tables.py)
        by_header=True,
        source="UEC FOOD 100 and UEC FOOD 256 (foodcam.mobi/dataset100.html, dataset256.html: <id>/bb_info.txt, "
        "'img x1 y1 x2 y2' then a box a row keyed by the image's number in the folder; category.txt names the ids)",
    ),
    BoxFormat(
        name="Corner box CSV per class folder",
        pairing=FOLDER_TABLES,
        files=r"[^/]+\.csv",  # the same table as comma-separated values: its header names the corners too
        key_field="img",
        box_fields=("x1", "y1", "x2", "y2"),
        convention=XYXY_PIXELS,
        separator=",",
        single_class=FOLDER_CLASS,
        by_header=True,
        source="the UEC FOOD table ('img x1 y1 x2 y2') written as CSV, as exports of it are",
    ),
) + box_document_rows.FORMATS + (
    BoxFormat(
        name="UA-DETRAC sequences",
        pairing=FRAMES_XML,
        files=r"\.xml",  # <sequence name="MVI_20011"> ... recognised by its content, named as a folder of frames
        entries_field="frame",
        number_field="num",
        boxes_field="target_list/target",
        class_field="attribute@vehicle_type",
        box_fields=("box@left", "box@top", "box@width", "box@height"),
        convention=XYWH_PIXELS,
        by_header=True,
        source="detrac-db.rit.albany.edu (DETRAC-Train-Annotations-XML/MVI_20011.xml: <sequence name><frame num>"
        "<target_list><target id><box left top width height/><attribute vehicle_type/>; frame n is img<n:05d>.jpg)",
    ),
    BoxFormat(
        name="CrowdHuman boxes",
        pairing=JSON_LINES,
        files=r"\.odgt",  # annotation_train.odgt, annotation_val.odgt: the images in one Images/ folder
        key_field="ID",
        boxes_field="gtboxes",
        class_field="tag",
        box_fields=("fbox",),  # the full body's box, [x, y, w, h]; hbox (head) and vbox (visible part) not carried
        convention=XYWH_PIXELS,
        skip=(("tag", "mask", "an ignored region (CrowdHuman's `mask`: crowds, reflections, not a person)"),),
        source="crowdhuman.org; CrowdHuman's annotation format (ID, gtboxes: tag, hbox, fbox, vbox, extra, head_attr)",
    ),
    BoxFormat(
        name="VEDAI oriented vehicle boxes",
        pairing=PER_IMAGE,
        files=r"(?i)annotations\d*",  # Annotations512/00000003.txt beside Vehicules512/00000003_co.png, _ir.png
        # 'x_center y_center orientation class is_contained is_occluded x1 x2 x3 x4 y1 y2 y3 y4' a vehicle
        fields=(14,),
        class_field="3",
        class_numbers=("", "car", "truck", "", "tractor", "camping car", "", "motorcycle", "bus", "van", "other", "pickup",
                       *[""] * 11, "boat", *[""] * 7, "plane"),
        box_fields=("6", "10", "7", "11", "8", "12", "9", "13"),  # the corners as x, y pairs: read as their envelope
        convention=QUAD_PIXELS,
        image_suffixes=("_co", "_ir"),  # the colour and the infrared view of one scene, both annotated by its file
        source="VEDAI (Razakarivony and Jurie 2016, downloads.greyc.fr/vedai): Annotations512/<id>.txt, a vehicle a line; "
        "readers seen by search name the columns x_center y_center orientation class is_contained is_occluded "
        "corner1_x..corner4_x corner1_y..corner4_y and the classes 1 car, 2 truck, 4 tractor, 5 camping car, 7 motorcycle, "
        "8 bus, 9 van, 10 other, 11 pickup, 23 boat, 31 plane; images Vehicules512/<id>_co.png and <id>_ir.png",
    ),
    BoxFormat(
        name="IDL boxes",
        pairing=IDL_LINES,
        files=r"\.idl",
        single_class="object",  # the files name no class: the records are unlabelled, their boxes counted
        box_fields=("0", "1", "2", "3"),
        convention=XYXY_PIXELS,
        source="AnnotationLib's .idl ('\"path\": (x1, y1, x2, y2):score/id, ...;'): Brainwash's README ('image name "
        "followed by the list of annotation rectangles in the [xmin, ymin, xmax, ymax] format'), TUD-MotionPairs' "
        "train-pos.idl, TUD-Brussels' annotation.idl, the ETH sequences' refined.idl",
    ),
) + keyed_box_documents.FORMATS + class_keyed_documents.FORMATS + corner_point_documents.FORMATS + frame_row_formats.FORMATS + json_box_rows.FORMATS + (
    header_box_rows.FORMATS + oriented_box_rows.FORMATS + named_line_rows.FORMATS + mat_box_rows.FORMATS)  # objects keyed by image: HaGRID, VIA 2; corner points (BBBC041); tracking tables; per-image JSON boxes of separate
# corner fields (EuroCity Persons); IceVision's headed rows; oriented boxes with their centre (UCAS-AOD);
# a line an image by name (STSD); per-image MATLAB corner boxes (the Oxford hand dataset)

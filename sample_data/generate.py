"""Regenerates the sample data. Seeded: re-running it gives the same files.

  images/   3 shape classes, 24 images each, in all five formats (image class folders)
  texts/    train/ and test/ split folders of 3 sentiment classes of short reviews (text folders)
  tagged/   12 pictures with one or two shapes and labels.jsonl: multi-label tags and a caption
            per picture, joined on the path (files plus a label file)

Run: python sample_data/generate.py
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from PIL import Image, ImageDraw

CLASSES = ("circle", "square", "triangle")
PER_CLASS = 24
# Mostly JPEG, like real photo folders, with every other supported format present.
FORMATS = ("JPEG",) * 4 + ("PNG", "GIF", "BMP", "WEBP")
EXTENSIONS = {"JPEG": ".jpg", "PNG": ".png", "GIF": ".gif", "BMP": ".bmp", "WEBP": ".webp"}


def draw(shape: str, rng: random.Random) -> Image.Image:
    width, height = rng.randint(72, 160), rng.randint(72, 160)
    background = tuple(rng.randint(0, 120) for _ in range(3))
    image = Image.new("RGB", (width, height), background)
    pen = ImageDraw.Draw(image)
    colour = tuple(rng.randint(140, 255) for _ in range(3))
    size = rng.randint(min(width, height) // 3, min(width, height) - 8)
    x0, y0 = rng.randint(0, width - size), rng.randint(0, height - size)
    if shape == "circle":
        pen.ellipse((x0, y0, x0 + size, y0 + size), fill=colour)
    elif shape == "square":
        pen.rectangle((x0, y0, x0 + size, y0 + size), fill=colour)
    else:
        pen.polygon([(x0 + size // 2, y0), (x0, y0 + size), (x0 + size, y0 + size)], fill=colour)
    return image


def main(root: Path = Path(__file__).parent / "images") -> None:
    rng = random.Random(0)
    for label in CLASSES:
        for index in range(PER_CLASS):
            image_format = FORMATS[index % len(FORMATS)]
            # A nested folder in each class: labels come from the first level only.
            folder = root / label / ("more" if index >= PER_CLASS - 4 else "")
            folder.mkdir(parents=True, exist_ok=True)
            image = draw(label, rng)
            path = folder / f"{label}_{index:03d}{EXTENSIONS[image_format]}"
            options = {"quality": 90} if image_format in ("JPEG", "WEBP") else {}
            image.save(path, image_format, **options)


SENTIMENTS = {
    "positive": ("a delight", "wonderful", "moving and funny", "worth every minute", "a joy to watch"),
    "negative": ("a bore", "far too long", "badly acted", "a waste of time", "dull and loud"),
    "neutral": ("fine", "about what you expect", "neither good nor bad", "watchable once", "ordinary"),
}
SUBJECTS = ("The film", "This movie", "The sequel", "The story", "The ending", "Its score")
TEXTS_PER_CLASS = {"train": 10, "test": 4}


def write_texts(root: Path = Path(__file__).parent / "texts") -> None:
    rng = random.Random(1)
    for split, count in TEXTS_PER_CLASS.items():
        for label, phrases in SENTIMENTS.items():
            folder = root / split / label
            folder.mkdir(parents=True, exist_ok=True)
            for index in range(count):
                text = f"{rng.choice(SUBJECTS)} is {rng.choice(phrases)}. {rng.choice(SUBJECTS)} is {rng.choice(phrases)}.\n"
                (folder / f"{index:03d}.txt").write_text(text, encoding="utf-8")


COLOURS = {"red": (220, 40, 40), "green": (40, 200, 60), "blue": (50, 80, 230)}
TAGGED_IMAGES = 12


def write_tagged(root: Path = Path(__file__).parent / "tagged") -> None:
    rng = random.Random(2)
    (root / "img").mkdir(parents=True, exist_ok=True)
    rows = []
    for index in range(TAGGED_IMAGES):
        shapes = rng.sample(CLASSES, rng.choice((1, 2)))
        image = Image.new("RGB", (96, 64), (16, 16, 16))
        pen = ImageDraw.Draw(image)
        words = []
        for slot, shape in enumerate(shapes):
            colour = rng.choice(sorted(COLOURS))
            x0 = 8 + 48 * slot
            box = (x0, 16, x0 + 32, 48)
            if shape == "circle":
                pen.ellipse(box, fill=COLOURS[colour])
            elif shape == "square":
                pen.rectangle(box, fill=COLOURS[colour])
            else:
                pen.polygon([(x0 + 16, 16), (x0, 48), (x0 + 32, 48)], fill=COLOURS[colour])
            words.append(f"a {colour} {shape}")
        relpath = f"img/{index:03d}.png"
        image.save(root / relpath, "PNG")
        rows.append({"path": relpath, "tags": sorted(shapes), "caption": " beside ".join(words)})
    with open(root / "labels.jsonl", "w", encoding="utf-8") as f:
        f.writelines(json.dumps(row) + "\n" for row in rows)


if __name__ == "__main__":
    main()
    write_texts()
    write_tagged()

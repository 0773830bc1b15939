"""Regenerates sample_data/images: 3 shape classes, 24 images each, in all five formats.

Seeded, so re-running it gives the same pictures. Run: python sample_data/generate.py
"""

from __future__ import annotations

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


if __name__ == "__main__":
    main()

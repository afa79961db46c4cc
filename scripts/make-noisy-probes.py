#!/usr/bin/env python3
"""Receipt texts written by hand, read as OCR reads them: each word gets a Tesseract-like
confidence, and some words are misread the way receipts are misread (a digit for another, a
letter for a look-alike, a lost letter, a decimal point lost or read as a colon), with the
misread words usually, not always, less sure. The output is a labelled folder that
`rebut bench extraction --dataset OUT --text OUT/text` scores.

Usage: scripts/make-noisy-probes.py SRC OUT --seeds FIRST:LAST
  SRC   a folder with text/NAME.txt and truth.jsonl ({"id","vendor","date","total"}),
        e.g. Fixtures/probes/malaysia or Fixtures/probes/germany
  OUT   written afresh: text/NAMEsSEED.json (lines with words, boxes and confidences), empty
        img/NAMEsSEED.jpg placeholders, and truth.jsonl
  --seeds  one noisy reading of every text per seed in FIRST..LAST-1 (default 1:21)

Keep seeds apart: tune rules on one range, report another you did not look at.
"""
import argparse
import json
import os
import random
import re
import shutil

LOOK_ALIKES = {'O': '0', '0': 'O', 'l': '1', '1': 'l', 'I': '1', 'S': '5', '5': 'S', 'B': '8', '8': 'B',
               'G': '6', 'Z': '2', 'e': 'c', 'a': 'o', 'E': 'F', 'H': 'N', 'M': 'N', 'D': 'O', 'U': 'V'}
DIGITS = {'8': '6', '6': '8', '3': '8', '9': '8', '1': '7', '7': '1', '5': '6', '0': '8', '4': '1', '2': '7'}
AMOUNT = re.compile(r'-?(RM)?\d+[.,]\d\d')
DEBRIS = ['~~ _ -', 'a', 'ee ae', '| |', 'rn.', 'Se']


def misread(word, rng):
    """The word as OCR may read it, and the confidence Tesseract would give it."""
    read = word
    if AMOUNT.fullmatch(word):
        if rng.random() < 0.05:
            read = re.sub(r'[.,]', rng.choice(['.', '', ':']), read, count=1)
        read = ''.join(DIGITS[c] if c in DIGITS and rng.random() < 0.025 else c for c in read)
    else:
        out = []
        for c in word:
            if c in LOOK_ALIKES and rng.random() < 0.02:
                out.append(LOOK_ALIKES[c])
            elif c.isalpha() and rng.random() < 0.01:
                continue
            else:
                out.append(c)
        read = ''.join(out)
    # Tesseract is usually, not always, less sure of a word it misread.
    unsure = read != word and rng.random() < 0.7
    confidence = rng.gauss(62, 15) if unsure else rng.gauss(90, 6)
    return read, max(5.0, min(99.0, confidence))


def reading(text, rng):
    lines = text.split('\n')
    if rng.random() < 0.3:
        lines.insert(rng.randrange(0, 3), rng.choice(DEBRIS))
    result, y = [], 10
    for line in lines:
        words, x = [], 10
        for word in line.split():
            read, confidence = misread(word, rng)
            if not read:
                continue
            words.append({"text": read, "confidence": confidence,
                          "box": {"x": x, "y": y, "width": 14 * len(read), "height": 24}})
            x += 14 * len(read) + 14
        y += 30
        if words:
            result.append({"text": " ".join(w["text"] for w in words),
                           "confidence": sum(w["confidence"] for w in words) / len(words),
                           "box": {"x": 10, "y": y - 30, "width": x, "height": 24}, "words": words})
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('src')
    parser.add_argument('out')
    parser.add_argument('--seeds', default='1:21')
    args = parser.parse_args()
    first, last = (int(v) for v in args.seeds.split(':'))
    truths = [json.loads(line) for line in open(os.path.join(args.src, 'truth.jsonl')) if line.strip()]
    shutil.rmtree(args.out, ignore_errors=True)
    os.makedirs(os.path.join(args.out, 'text'))
    os.makedirs(os.path.join(args.out, 'img'))
    with open(os.path.join(args.out, 'truth.jsonl'), 'w') as truth_file:
        for seed in range(first, last):
            for truth in truths:
                rng = random.Random(seed * 1000 + sum(map(ord, truth['id'])))
                text = open(os.path.join(args.src, 'text', truth['id'] + '.txt')).read()
                name = f"{truth['id']}s{seed}"
                with open(os.path.join(args.out, 'text', name + '.json'), 'w') as f:
                    json.dump(reading(text, rng), f)
                open(os.path.join(args.out, 'img', name + '.jpg'), 'w').close()
                truth_file.write(json.dumps(dict(truth, id=name)) + '\n')
    print(f"make-noisy-probes: {len(truths) * (last - first)} readings in {args.out}")


if __name__ == '__main__':
    main()

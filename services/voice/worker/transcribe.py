"""The voice service's offline recogniser: faster-whisper behind a pipe.

The voice service (services/voice/src/speech/whisper-recognizer.ts) starts this worker once and keeps it:
loading the model takes about a second, a transcription of a spoken sentence about as long, so a process per
utterance would double every turn. The framing is the smallest that carries PCM without base64:

  request  (stdin):  one JSON line {"id": <int>, "samples": <int>}, then samples * 2 bytes of 16 kHz mono s16le
  answer   (stdout): one JSON line {"id": <int>, "text": <str>, "ms": <int>}, or {"id", "error"} when it failed
  ready    (stdout): {"ready": true, "ms": <load time>} once, when the model is loaded

Requests are answered one at a time, in order. Logs go to stderr. The worker exits with 0 on end of input.
"""

import argparse
import json
import sys
import time

import numpy as np

# A visitor's utterance is cut at 30 s by the detector; anything larger is a framing error, not speech.
MAX_SAMPLES = 16000 * 60


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", required=True, help="directory of a CTranslate2 Whisper model")
    parser.add_argument("--threads", type=int, default=2, help="CPU threads for one transcription")
    parser.add_argument("--beam-size", type=int, default=2)
    parser.add_argument("--language", default="en")
    return parser.parse_args()


def log(message):
    print(f"transcribe: {message}", file=sys.stderr, flush=True)


def answer(out, message):
    out.write((json.dumps(message) + "\n").encode("utf-8"))
    out.flush()


def read_exactly(stream, size):
    chunks = []
    while size > 0:
        chunk = stream.read(size)
        if not chunk:
            return None
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)


def main():
    args = parse_args()
    started = time.monotonic()
    # Imported here, so that --help and a bad argument answer without loading CTranslate2.
    from faster_whisper import WhisperModel

    model = WhisperModel(args.model, device="cpu", compute_type="int8", cpu_threads=args.threads, num_workers=1)
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    answer(stdout, {"ready": True, "ms": round((time.monotonic() - started) * 1000)})

    while True:
        header = stdin.readline()
        if not header:
            return 0
        if not header.strip():
            continue
        try:
            request = json.loads(header)
            request_id = int(request["id"])
            samples = int(request["samples"])
        except (ValueError, KeyError, TypeError) as error:
            # The stream cannot be trusted past a bad header: where the next one starts is unknown.
            log(f"bad header {header[:200]!r}: {error}")
            return 2
        if samples < 0 or samples > MAX_SAMPLES:
            log(f"request {request_id}: {samples} samples is out of range")
            return 2
        body = read_exactly(stdin, samples * 2)
        if body is None:
            log(f"request {request_id}: input ended inside the audio")
            return 2

        began = time.monotonic()
        try:
            text = transcribe(model, body, args)
            answer(stdout, {"id": request_id, "text": text, "ms": round((time.monotonic() - began) * 1000)})
        except Exception as error:  # noqa: BLE001 - one failed utterance must not end the worker
            log(f"request {request_id} failed: {error}")
            answer(stdout, {"id": request_id, "error": str(error)})


def transcribe(model, body, args):
    if not body:
        return ""
    audio = np.frombuffer(body, dtype="<i2").astype(np.float32) / 32768.0
    segments, _info = model.transcribe(
        audio,
        language=args.language,
        beam_size=args.beam_size,
        # One utterance at a time: no earlier text to condition on, no timestamps to predict.
        condition_on_previous_text=False,
        without_timestamps=True,
        vad_filter=False,
    )
    return " ".join(segment.text.strip() for segment in segments).strip()


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(0)

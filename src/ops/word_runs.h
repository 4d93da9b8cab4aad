// Word runs: a plain copy along one run contiguous in both tensors (a contiguous IDENTITY, a SLICE of whole rows,
// SPLIT/JOIN along outer axes) goes through copy_words.comp, which moves 16-byte quads without index math. Runs of
// 1- or 2-byte elements take it where both tensors are bound at multiples of 4 bytes, also as rows of runs at any
// pitch (a SLICE of FLOAT16 rows of odd length, JOIN of UINT8 parts along the last axis): it needs none of the
// index bookkeeping of launch_main.glsl's dense path (which assembles output words or quads along box rows; before
// its quads it went element by element, about 20x slower on lavapipe).
#pragma once

#include "ops/loop_nest.h"

namespace vkdml {

// Rewrites a word run (IsWordRun, below; merged, just before it becomes a launch) of 1- or 2-byte elements as a run
// of 4-byte elements where it is one run that starts and ends on a word in both tensors: copy_words' word variant,
// which needs no byte arithmetic. Leaves every other word run as it is.
void CountWordRunInWords(LoopNest& wordRun);

// Rewrites a plain copy or a GATHER of rows (GATHER, GATHER_ND: the indices stay along the innermost dimension) of
// 1-, 2- or 8-byte elements whose innermost dimension is contiguous in both tensors as the same walk over 4-byte
// words: for 8-byte elements each row twice as long (INT64/FLOAT64 rows that are not one word run: a SLICE of rows, a
// JOIN along the last axis), so that launch_main.glsl moves the rows as 16-byte quads (it takes 8-byte elements one
// at a time, two word loads and two word stores each); for 1- and 2-byte elements where every row starts and ends on
// a word of both tensors (an embedding table's FLOAT16 rows gathered), so that it moves whole words and quads instead
// of assembling each output word from its elements. Leaves any other nest as it is.
void CountRowsInWords(LoopNest& nest);

// Whether `nest` is a run copy_words takes: a plain copy along at most one dimension, stride 1 in both tensors, of
// elements of 4 bytes or more, or of 1 or 2 bytes (in bytes, from any byte to any byte) where both tensors' binding
// offsets are multiples of 4 (SlotView::baseAlignment); for 1- and 2-byte elements also rows of such runs (two
// dimensions, the inner one the run) of at least 64 bytes each.
bool IsWordRun(const LoopNest& nest);

}  // namespace vkdml

// Part copies: consecutive launches that each copy plain runs of words between one shared tensor (the "whole") and a
// tensor of their own (a "part") become one CopyParts launch binding up to LoweringLimits::maxPartsPerLaunch parts.
// SPLIT and JOIN along inner axes lower to one launch per part; this turns N launches (N dispatches, each with its
// own pass over the whole tensor's rows) into one, which reads or writes the whole tensor front to back.
#pragma once

#include "ops/plan.h"
#include "ops/transfer_copy.h"

#include <optional>
#include <vector>

namespace vkdml {

// Merges, in place, runs of consecutive launches of `plan` that qualify (plain copies of rows of whole words, no
// barrier between them, the same whole tensor and row walk, distinct parts, transfers[i] empty). `transfers` runs
// beside plan->launches (the transfer path's decision per launch) and is merged with it.
void MergePartCopies(const LoweringLimits& limits, Plan* plan, std::vector<std::optional<TransferCopy>>* transfers);

// Whether `l` is a CopyParts launch that reads every part (a JOIN, but not one whose parts are copies of one run,
// which reads part 0 only).
bool ReadsEveryPart(const Launch& l);

}  // namespace vkdml

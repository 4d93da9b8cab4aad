// Recognizing a graph that is exactly the function expansion of one ONNX op (the `*_expanded` node tests): the
// graph's nodes are compared with the function body that ONNX's schema registry (libonnx) gives the op at the
// model's opset, structurally — op types and domains, attributes, nested subgraphs, and how every value is wired
// from node to node — so the graph can be lowered as that single op. Names may differ (the expansion prefixes
// them); the wiring may not.
#pragma once

#include <onnx/onnx_pb.h>

#include <cstdint>
#include <string>

namespace conformance {

// On a match, *op is the single node the graph expands (op type, the graph's inputs and outputs in the op's order,
// the attributes the body refers to) and returns true. Otherwise *why says why no op matched.
bool MatchFunctionExpansion(const onnx::GraphProto& graph, int64_t opset, onnx::NodeProto* op, std::string* why);

}  // namespace conformance

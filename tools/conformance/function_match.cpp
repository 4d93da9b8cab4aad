#include "function_match.h"

#include <onnx/defs/schema.h>

#include <map>
#include <set>
#include <vector>

namespace conformance {
namespace {

std::string Domain(const std::string& d) { return d == "ai.onnx" ? "" : d; }

// One attempt to match a graph against one function body. Values are matched by a one-to-one map between the
// graph's names and the body's: a name is bound when it is defined (graph/body input, node output) and must be
// bound to its counterpart wherever it is used, so the data flow of both is the same graph up to renaming.
class BodyMatcher {
public:
    bool Match(const onnx::GraphProto& graph, const onnx::FunctionProto& body) {
        if (graph.initializer_size() || graph.sparse_initializer_size()) return false;
        if (graph.input_size() != body.input_size() || graph.output_size() != body.output_size()) return false;
        for (int i = 0; i < body.input_size(); ++i)
            if (!Define(graph.input(i).name(), body.input(i))) return false;
        if (!Nodes(graph.node(), body.node())) return false;
        for (int i = 0; i < body.output_size(); ++i)
            if (!Use(graph.output(i).name(), body.output(i))) return false;
        return true;
    }
    // The values of the attributes the body takes from the op (ref_attr_name).
    const std::map<std::string, onnx::AttributeProto>& OpAttributes() const { return opAttributes_; }

private:
    bool Define(const std::string& g, const std::string& f) {
        if (g.empty() || f.empty()) return g.empty() && f.empty();
        if (toBody_.count(g) || toGraph_.count(f)) return false;   // each value is defined once
        toBody_[g] = f;
        toGraph_[f] = g;
        return true;
    }
    bool Use(const std::string& g, const std::string& f) {
        if (g.empty() || f.empty()) return g.empty() && f.empty();
        auto it = toBody_.find(g);
        return it != toBody_.end() && it->second == f;
    }

    template <typename List>
    bool Nodes(const List& graphNodes, const List& bodyNodes) {
        if (graphNodes.size() != bodyNodes.size()) return false;
        for (int n = 0; n < graphNodes.size(); ++n) {
            const onnx::NodeProto& g = graphNodes.Get(n);
            const onnx::NodeProto& f = bodyNodes.Get(n);
            if (g.op_type() != f.op_type() || Domain(g.domain()) != Domain(f.domain()) ||
                g.input_size() != f.input_size() || g.output_size() != f.output_size() ||
                g.attribute_size() != f.attribute_size())
                return false;
            for (int i = 0; i < f.input_size(); ++i)
                if (!Use(g.input(i), f.input(i))) return false;
            for (int a = 0; a < f.attribute_size(); ++a)
                if (!Attribute(g, f.attribute(a))) return false;
            for (int i = 0; i < f.output_size(); ++i)
                if (!Define(g.output(i), f.output(i))) return false;
        }
        return true;
    }

    bool Attribute(const onnx::NodeProto& graphNode, const onnx::AttributeProto& f) {
        const onnx::AttributeProto* g = nullptr;
        for (const auto& a : graphNode.attribute())
            if (a.name() == f.name()) g = &a;
        if (!g) return false;
        if (!f.ref_attr_name().empty()) {
            // The body forwards the op's attribute: the graph holds its value, the same everywhere it is used.
            onnx::AttributeProto value = *g;
            value.set_name(f.ref_attr_name());
            auto [it, inserted] = opAttributes_.emplace(f.ref_attr_name(), value);
            return inserted || it->second.SerializeAsString() == value.SerializeAsString();
        }
        if (g->type() != f.type()) return false;
        if (f.type() == onnx::AttributeProto::GRAPH) return Subgraph(g->g(), f.g());
        if (f.type() == onnx::AttributeProto::GRAPHS) {
            if (g->graphs_size() != f.graphs_size()) return false;
            for (int i = 0; i < f.graphs_size(); ++i)
                if (!Subgraph(g->graphs(i), f.graphs(i))) return false;
            return true;
        }
        onnx::AttributeProto a = *g, b = f;
        a.clear_doc_string();
        b.clear_doc_string();
        return a.SerializeAsString() == b.SerializeAsString();
    }

    // A nested graph (Loop/If/Scan body): its inputs are defined positionally, its nodes may use the outer values.
    bool Subgraph(const onnx::GraphProto& g, const onnx::GraphProto& f) {
        if (g.input_size() != f.input_size() || g.output_size() != f.output_size() ||
            g.initializer_size() || f.initializer_size() || g.sparse_initializer_size() ||
            f.sparse_initializer_size())
            return false;
        for (int i = 0; i < f.input_size(); ++i)
            if (!Define(g.input(i).name(), f.input(i).name())) return false;
        if (!Nodes(g.node(), f.node())) return false;
        for (int i = 0; i < f.output_size(); ++i)
            if (!Use(g.output(i).name(), f.output(i).name())) return false;
        return true;
    }

    std::map<std::string, std::string> toBody_, toGraph_;
    std::map<std::string, onnx::AttributeProto> opAttributes_;
};

}  // namespace

bool MatchFunctionExpansion(const onnx::GraphProto& graph, int64_t opset, onnx::NodeProto* op, std::string* why) {
    if (graph.node_size() == 0) {
        *why = "an empty graph";
        return false;
    }
    std::vector<const onnx::OpSchema*> matches;
    std::map<std::string, onnx::AttributeProto> attributes;
    static const std::set<std::string> names = [] {
        std::set<std::string> all;
        for (const onnx::OpSchema& schema : onnx::OpSchemaRegistry::get_all_schemas())
            if (schema.domain().empty()) all.insert(schema.Name());
        return all;
    }();
    for (const std::string& name : names) {
        // The op as the model's opset defines it; only bodies fixed by the schema (not those built per use from
        // the input types, which need the node to build).
        const onnx::OpSchema* schema = onnx::OpSchemaRegistry::Schema(name, int(opset), "");
        if (!schema || !schema->HasFunction()) continue;
        const onnx::FunctionProto* body = schema->GetFunction();
        if (!body || body->node_size() != graph.node_size() || body->node(0).op_type() != graph.node(0).op_type())
            continue;
        BodyMatcher matcher;
        if (!matcher.Match(graph, *body)) continue;
        matches.push_back(schema);
        attributes = matcher.OpAttributes();
    }
    if (matches.size() != 1) {
        *why = matches.empty() ? "it is not the function body of any ONNX op at opset " + std::to_string(opset)
                               : "it matches the function bodies of " + matches[0]->Name() + " and " +
                                     matches[1]->Name();
        return false;
    }
    op->Clear();
    op->set_op_type(matches[0]->Name());
    for (const auto& input : graph.input()) op->add_input(input.name());
    for (const auto& output : graph.output()) op->add_output(output.name());
    for (auto& [name, value] : attributes) *op->add_attribute() = value;
    return true;
}

}  // namespace conformance

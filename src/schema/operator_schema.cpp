#include "schema/operator_schema.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace vkdml::schema {

std::span<const OperatorSchema> AllOperatorSchemas() { return {kOperatorSchemas, kOperatorSchemaCount}; }

const char* OperatorPrefix(const OperatorSchema& op) { return op.extension ? "VKDML_OPERATOR_" : "DML_OPERATOR_"; }

const OperatorSchema* FindOperatorSchema(DML_OPERATOR_TYPE type) {
    for (const OperatorSchema& op : AllOperatorSchemas())
        if (op.type == type) return &op;
    return nullptr;
}

const OperatorSchema* FindOperatorSchemaByName(std::string_view name) {
    std::string upper(name);
    for (char& c : upper) c = char(std::toupper(static_cast<unsigned char>(c)));
    std::string_view key = upper;
    if (key.starts_with("DML_OPERATOR_")) key.remove_prefix(13);
    else if (key.starts_with("VKDML_OPERATOR_")) key.remove_prefix(15);
    for (const OperatorSchema& op : AllOperatorSchemas())
        if (key == op.name) return &op;
    return nullptr;
}

std::vector<TensorSupportRow> RowsAt(const OperatorSchema& op, DML_FEATURE_LEVEL level) {
    std::vector<TensorSupportRow> rows;
    if (level < op.introduced) return rows;
    // Rows are newest first: the first row level <= `level` is the group in force.
    auto first = std::find_if(op.rows.begin(), op.rows.end(), [&](const TensorSupportRow& r) { return r.level <= level; });
    for (auto it = first; it != op.rows.end() && it->level == first->level; ++it) rows.push_back(*it);
    return rows;
}

const TensorSupportRow* FindRow(const OperatorSchema& op, DML_FEATURE_LEVEL level, std::string_view tensor) {
    if (level < op.introduced) return nullptr;
    auto first = std::find_if(op.rows.begin(), op.rows.end(), [&](const TensorSupportRow& r) { return r.level <= level; });
    for (auto it = first; it != op.rows.end() && it->level == first->level; ++it)
        if (tensor == it->tensor) return &*it;
    return nullptr;
}

const char* TensorKindName(TensorKind kind) {
    switch (kind) {
        case TensorKind::Input: return "Input";
        case TensorKind::Output: return "Output";
        case TensorKind::InputArray: return "Array of inputs";
        case TensorKind::OutputArray: return "Array of outputs";
        case TensorKind::OptionalInput: return "Optional input";
    }
    return "?";
}

}  // namespace vkdml::schema

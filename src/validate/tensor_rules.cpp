#include "validate/tensor_rules.h"

#include "core/data_type.h"
#include "core/feature_level.h"

#include <string_view>

namespace vkdml {
namespace {

std::string_view RowName(const Tensor& t) {
    std::string_view name = t.name;
    return name.substr(0, name.find('['));   // "OutputTensors[2]" uses the "OutputTensors" row
}

std::string TypeList(uint32_t mask) {
    std::string text;
    for (const DataTypeInfo& info : AllDataTypes())
        if (mask & DataTypeBit(info.type)) text += (text.empty() ? "" : ", ") + std::string(info.name);
    return text.empty() ? "none" : text;
}

// The lowest feature level at which `accepts` holds for this tensor's row, or 0.
template <typename Predicate>
DML_FEATURE_LEVEL FirstLevelWhere(const OperatorDesc& op, std::string_view row, Predicate accepts) {
    for (DML_FEATURE_LEVEL level : AllFeatureLevels()) {
        const schema::TensorSupportRow* r = schema::FindRow(*op.schema, level, row);
        if (r && accepts(*r)) return level;
    }
    return DML_FEATURE_LEVEL(0);
}

Status CheckOne(const OperatorDesc& op, const Tensor& t, DML_FEATURE_LEVEL level) {
    if (!t.present) return Status::Ok();   // an optional tensor left out
    std::string_view rowName = RowName(t);
    const schema::TensorSupportRow* row = schema::FindRow(*op.schema, level, rowName);
    if (!row)
        return Unsupported("%s: no tensor-support row for %s at DML_FEATURE_LEVEL_%s", op.name.c_str(), t.name.c_str(),
                           FeatureLevelName(level));
    if (!(row->dataTypes & DataTypeBit(t.dataType))) {
        DML_FEATURE_LEVEL later = FirstLevelWhere(op, rowName, [&](const schema::TensorSupportRow& r) {
            return (r.dataTypes & DataTypeBit(t.dataType)) != 0;
        });
        std::string text = Format("%s: %s.DataType is %s; at DML_FEATURE_LEVEL_%s %s supports %s", op.name.c_str(),
                                  t.name.c_str(), DataTypeName(t.dataType), FeatureLevelName(level),
                                  std::string(rowName).c_str(), TypeList(row->dataTypes).c_str());
        if (later) return Unsupported("%s (%s needs DML_FEATURE_LEVEL_%s)", text.c_str(), DataTypeName(t.dataType),
                                      FeatureLevelName(later));
        return InvalidArgument("%s", text.c_str());
    }
    if (t.rank < row->minDims || t.rank > row->maxDims) {
        DML_FEATURE_LEVEL later = FirstLevelWhere(op, rowName, [&](const schema::TensorSupportRow& r) {
            return t.rank >= r.minDims && t.rank <= r.maxDims;
        });
        std::string text = Format("%s: %s.DimensionCount is %u; at DML_FEATURE_LEVEL_%s %s supports %u to %u dimensions",
                                  op.name.c_str(), t.name.c_str(), t.rank, FeatureLevelName(level),
                                  std::string(rowName).c_str(), unsigned(row->minDims), unsigned(row->maxDims));
        if (later) return Unsupported("%s (%u dimensions need DML_FEATURE_LEVEL_%s)", text.c_str(), t.rank,
                                      FeatureLevelName(later));
        return InvalidArgument("%s", text.c_str());
    }
    return Status::Ok();
}

}  // namespace

Status CheckTensorSupport(const OperatorDesc& op, DML_FEATURE_LEVEL level) {
    for (const Tensor& t : op.inputs) VKDML_RETURN_IF_ERROR(CheckOne(op, t, level));
    for (const Tensor& t : op.outputs) VKDML_RETURN_IF_ERROR(CheckOne(op, t, level));
    return Status::Ok();
}

Status ReadOperatorTensor(const OperatorDesc& op, std::string name, bool isOutput, const DML_TENSOR_DESC* desc,
                          Tensor* out) {
    VKDML_RETURN_IF_ERROR(ReadTensor(op.name.c_str(), std::move(name), isOutput, desc, out));
    return op.allowZeroVolume ? Status::Ok() : RejectZeroVolume(op.name.c_str(), *out);
}

Status ReadTensors(OperatorDesc* op, std::initializer_list<TensorField> inputs,
                   std::initializer_list<TensorField> outputs) {
    op->inputs.resize(inputs.size());
    op->outputs.resize(outputs.size());
    size_t i = 0;
    for (const TensorField& f : inputs)
        VKDML_RETURN_IF_ERROR(ReadOperatorTensor(*op, f.name, false, f.desc, &op->inputs[i++]));
    i = 0;
    for (const TensorField& f : outputs)
        VKDML_RETURN_IF_ERROR(ReadOperatorTensor(*op, f.name, true, f.desc, &op->outputs[i++]));
    return Status::Ok();
}

Status CheckSameDataType(const OperatorDesc& op, const Tensor& a, const Tensor& b) {
    if (a.dataType == b.dataType) return Status::Ok();
    return InvalidArgument("%s: %s.DataType is %s but %s.DataType is %s; they must be the same", op.name.c_str(),
                           b.name.c_str(), DataTypeName(b.dataType), a.name.c_str(), DataTypeName(a.dataType));
}

Status CheckSameRank(const OperatorDesc& op, const Tensor& a, const Tensor& b) {
    if (a.rank == b.rank) return Status::Ok();
    return InvalidArgument("%s: %s.DimensionCount is %u but %s.DimensionCount is %u; they must be the same",
                           op.name.c_str(), b.name.c_str(), b.rank, a.name.c_str(), a.rank);
}

Status CheckSameSizes(const OperatorDesc& op, const Tensor& a, const Tensor& b) {
    VKDML_RETURN_IF_ERROR(CheckSameRank(op, a, b));
    if (a.sizes == b.sizes) return Status::Ok();
    return InvalidArgument("%s: %s.Sizes is %s but %s.Sizes is %s; they must be the same", op.name.c_str(),
                           b.name.c_str(), FormatDims(b.sizes.data(), b.rank).c_str(), a.name.c_str(),
                           FormatDims(a.sizes.data(), a.rank).c_str());
}

Status CheckDimensionCountField(const OperatorDesc& op, const char* field, uint32_t value, const Tensor& tensor) {
    if (value == tensor.rank) return Status::Ok();
    return InvalidArgument("%s: %s is %u but %s.DimensionCount is %u; they must be the same", op.name.c_str(), field,
                           value, tensor.name.c_str(), tensor.rank);
}

Status CheckArrayField(const OperatorDesc& op, const char* field, const void* pointer) {
    if (pointer) return Status::Ok();
    return InvalidArgument("%s: %s is NULL; it must hold DimensionCount values", op.name.c_str(), field);
}

}  // namespace vkdml

#include "compare.h"

#include <cmath>
#include <cstdio>
#include <cstring>

namespace conformance {
namespace {

using onnx::TensorProto;

double HalfToDouble(uint16_t h) {
    int exponent = (h >> 10) & 0x1F, mantissa = h & 0x3FF;
    double sign = (h & 0x8000) ? -1.0 : 1.0;
    if (exponent == 0) return sign * std::ldexp(mantissa, -24);
    if (exponent == 31) return mantissa ? NAN : sign * INFINITY;
    return sign * std::ldexp(mantissa + 1024, exponent - 25);
}

// The element as a double for kValueExact (integers up to 2^53 exactly; 64-bit integers compare by bytes).
bool AsDouble(int32_t type, const uint8_t* p, double* v) {
    switch (type) {
        case TensorProto::FLOAT: { float f; std::memcpy(&f, p, 4); *v = f; return true; }
        case TensorProto::DOUBLE: std::memcpy(v, p, 8); return true;
        case TensorProto::FLOAT16: { uint16_t h; std::memcpy(&h, p, 2); *v = HalfToDouble(h); return true; }
        default: return false;
    }
}

std::string Coordinate(const std::vector<int64_t>& shape, uint64_t flat) {
    std::vector<int64_t> coord(shape.size());
    for (size_t d = shape.size(); d-- > 0;) {
        coord[d] = int64_t(flat % uint64_t(shape[d]));
        flat /= uint64_t(shape[d]);
    }
    return FormatShape(coord);
}

}  // namespace

std::string FormatElement(int32_t type, const uint8_t* p) {
    char text[96];
    switch (type) {
        case TensorProto::FLOAT: {
            float f; uint32_t u;
            std::memcpy(&f, p, 4); std::memcpy(&u, p, 4);
            std::snprintf(text, sizeof(text), "%.9g (0x%08x)", double(f), u);
            break;
        }
        case TensorProto::DOUBLE: {
            double f; uint64_t u;
            std::memcpy(&f, p, 8); std::memcpy(&u, p, 8);
            std::snprintf(text, sizeof(text), "%.17g (0x%016llx)", f, (unsigned long long)u);
            break;
        }
        case TensorProto::FLOAT16: case TensorProto::BFLOAT16: {
            uint16_t u; std::memcpy(&u, p, 2);
            if (type == TensorProto::FLOAT16) std::snprintf(text, sizeof(text), "%.6g (0x%04x)", HalfToDouble(u), u);
            else std::snprintf(text, sizeof(text), "0x%04x", u);
            break;
        }
        case TensorProto::BOOL: std::snprintf(text, sizeof(text), "%s (%u)", *p == 1 ? "true" : *p == 0 ? "false" : "?", *p); break;
        case TensorProto::INT8: std::snprintf(text, sizeof(text), "%d", int(int8_t(*p))); break;
        case TensorProto::UINT8: std::snprintf(text, sizeof(text), "%u", unsigned(*p)); break;
        case TensorProto::INT16: { int16_t v; std::memcpy(&v, p, 2); std::snprintf(text, sizeof(text), "%d", int(v)); break; }
        case TensorProto::UINT16: { uint16_t v; std::memcpy(&v, p, 2); std::snprintf(text, sizeof(text), "%u", unsigned(v)); break; }
        case TensorProto::INT32: { int32_t v; std::memcpy(&v, p, 4); std::snprintf(text, sizeof(text), "%d", v); break; }
        case TensorProto::UINT32: { uint32_t v; std::memcpy(&v, p, 4); std::snprintf(text, sizeof(text), "%u", v); break; }
        case TensorProto::INT64: { int64_t v; std::memcpy(&v, p, 8); std::snprintf(text, sizeof(text), "%lld", (long long)v); break; }
        case TensorProto::UINT64: { uint64_t v; std::memcpy(&v, p, 8); std::snprintf(text, sizeof(text), "%llu", (unsigned long long)v); break; }
        default: {
            std::string hex = "0x";
            for (uint32_t i = OnnxElementBytes(type); i-- > 0;) {
                std::snprintf(text, sizeof(text), "%02x", p[i]);
                hex += text;
            }
            return hex;
        }
    }
    return text;
}

std::string CompareTensor(const HostTensor& expected, const std::vector<uint8_t>& got, CompareMode mode) {
    const uint32_t size = expected.ElementBytes();
    if (got.size() != expected.bytes.size())
        return "got " + std::to_string(got.size()) + " bytes, expected " + std::to_string(expected.bytes.size());
    const uint64_t count = expected.ElementCount();
    uint64_t mismatches = 0, first = 0;
    for (uint64_t i = 0; i < count; ++i) {
        const uint8_t* e = expected.bytes.data() + i * size;
        const uint8_t* g = got.data() + i * size;
        bool same = std::memcmp(e, g, size) == 0;
        double ev, gv;
        if (!same && mode == CompareMode::kValueExact && AsDouble(expected.onnxType, e, &ev) &&
            AsDouble(expected.onnxType, g, &gv))
            same = ev == gv || (std::isnan(ev) && std::isnan(gv));
        if (!same && mismatches++ == 0) first = i;
    }
    if (mismatches == 0) return "";
    const uint8_t* e = expected.bytes.data() + first * size;
    const uint8_t* g = got.data() + first * size;
    return "element " + std::to_string(first) + " " + Coordinate(expected.shape, first) + ": expected " +
           FormatElement(expected.onnxType, e) + ", got " + FormatElement(expected.onnxType, g) + " (" +
           std::to_string(mismatches) + " of " + std::to_string(count) + " elements differ)";
}

}  // namespace conformance

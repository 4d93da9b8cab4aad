// vkdml-info --json: the report as one JSON document (schema: tools/info/README.md). Written by hand: a tiny
// writer that tracks commas and indentation, and escapes strings (control characters, quotes, backslashes;
// bytes that are not valid UTF-8 become U+FFFD, so the output is always valid JSON).
#include "info_report.h"

#include "core/feature_level.h"

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#ifndef VKDML_VERSION_STRING
#define VKDML_VERSION_STRING "unknown"
#endif

namespace vkdml::info {
namespace {

// Length of the valid UTF-8 sequence at s[i], or 0 if it is not one.
size_t Utf8Length(std::string_view s, size_t i) {
    auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
    unsigned char c = byte(i);
    size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    if (n == 0 || i + n > s.size()) return 0;
    uint32_t cp = n == 1 ? c : n == 2 ? (c & 0x1F) : n == 3 ? (c & 0x0F) : (c & 0x07);
    for (size_t k = 1; k < n; ++k) {
        if ((byte(i + k) & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (byte(i + k) & 0x3F);
    }
    static constexpr uint32_t kMin[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < kMin[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    return n;
}

std::string Escape(std::string_view s) {
    std::string out = "\"";
    for (size_t i = 0; i < s.size();) {
        unsigned char c = static_cast<unsigned char>(s[i]);
        if (c >= 0x80) {
            size_t n = Utf8Length(s, i);
            if (n == 0) {
                out += "\\ufffd";
                ++i;
            } else {
                out.append(s.substr(i, n));
                i += n;
            }
            continue;
        }
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\b': out += "\\b"; break;
            case '\f': out += "\\f"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default:
                if (c < 0x20) {
                    char u[8];
                    std::snprintf(u, sizeof u, "\\u%04x", c);
                    out += u;
                } else {
                    out += char(c);
                }
        }
        ++i;
    }
    return out + "\"";
}

class JsonWriter {
public:
    void BeginObject(bool inlined = false) { Open('{', inlined); }
    void EndObject() { Close('}'); }
    void BeginArray(bool inlined = false) { Open('[', inlined); }
    void EndArray() { Close(']'); }
    void Key(std::string_view key) {
        Separate();
        out_ += Escape(key) + ": ";
        afterKey_ = true;
    }
    void String(std::string_view value) { Scalar(Escape(value)); }
    void Number(uint64_t value) { Scalar(std::to_string(value)); }
    void Bool(bool value) { Scalar(value ? "true" : "false"); }
    void Null() { Scalar("null"); }
    void OptionalString(const std::optional<std::string>& value) { value ? String(*value) : Null(); }
    void OptionalBool(const std::optional<bool>& value) { value ? Bool(*value) : Null(); }
    const std::string& Text() const { return out_; }

private:
    struct Frame {
        bool inlined;
        size_t count;
    };
    void Separate() {
        if (afterKey_) {
            afterKey_ = false;
            return;
        }
        if (stack_.empty()) return;
        Frame& f = stack_.back();
        if (f.count++) out_ += f.inlined ? ", " : ",";
        if (!f.inlined) out_ += "\n" + std::string(2 * stack_.size(), ' ');
    }
    void Scalar(const std::string& text) {
        Separate();
        out_ += text;
    }
    void Open(char bracket, bool inlined) {
        Separate();
        out_ += bracket;
        stack_.push_back({inlined || (!stack_.empty() && stack_.back().inlined), 0});
    }
    void Close(char bracket) {
        Frame f = stack_.back();
        stack_.pop_back();
        if (!f.inlined && f.count) out_ += "\n" + std::string(2 * stack_.size(), ' ');
        out_ += bracket;
    }
    std::string out_;
    std::vector<Frame> stack_;
    bool afterKey_ = false;
};

std::optional<std::string> LevelKey(std::optional<DML_FEATURE_LEVEL> level) {
    if (!level) return std::nullopt;
    return std::string(FeatureLevelName(*level));
}

std::optional<std::string> NonEmpty(const std::string& text) {
    if (text.empty()) return std::nullopt;
    return text;
}

void WriteDevices(JsonWriter& w, const InfoReport& r) {
    w.Key("devices");
    w.BeginArray();
    for (const DeviceEntry& d : r.devices) {
        w.BeginObject(true);
        w.Key("index"), w.Number(d.index);
        w.Key("name"), w.String(d.properties.deviceName);
        w.Key("type"), w.String(DeviceTypeKey(d.properties.deviceType));
        w.Key("vendor_id"), w.Number(d.properties.vendorID);
        w.Key("device_id"), w.Number(d.properties.deviceID);
        w.Key("vulkan_version"), w.String(VulkanVersionString(d.properties.apiVersion));
        w.Key("driver_name"), w.String(d.driverName);
        w.Key("driver_info"), w.String(d.driverInfo);
        w.Key("driver_version"), w.String(DriverVersionString(d.properties.vendorID, d.properties.driverVersion));
        w.Key("default"), w.Bool(d.isDefault);
        w.EndObject();
    }
    w.EndArray();
    w.Key("devices_error"), w.OptionalString(NonEmpty(r.enumerateError));
}

void WriteSelectedDevice(JsonWriter& w, const InfoReport& r) {
    w.Key("selected_device");
    w.BeginObject();
    if (r.selectedIndex) w.Key("index"), w.Number(*r.selectedIndex);
    else w.Key("index"), w.Null();
    w.Key("created"), w.Bool(r.created);
    w.Key("error"), w.OptionalString(NonEmpty(r.deviceError));
    const VKDML_DEVICE_INFO& d = r.deviceInfo;
    if (r.created) {
        w.Key("name"), w.String(d.deviceName);
        w.Key("driver_name"), w.String(d.driverName);
        w.Key("driver_info"), w.String(d.driverInfo);
        w.Key("driver_version"), w.String(DriverVersionString(d.vendorID, d.driverVersion));
        w.Key("type"), w.String(DeviceTypeKey(d.deviceType));
        w.Key("vulkan_version"), w.String(VulkanVersionString(d.apiVersion));
        w.Key("vendor_id"), w.Number(d.vendorID);
        w.Key("device_id"), w.Number(d.deviceID);
        w.Key("max_storage_buffer_range"), w.Number(d.maxStorageBufferRange);
        w.Key("min_storage_buffer_offset_alignment"), w.Number(d.minStorageBufferOffsetAlignment);
        w.Key("max_compute_work_group_count");
        w.BeginArray(true);
        for (uint32_t n : d.maxComputeWorkGroupCount) w.Number(n);
        w.EndArray();
        w.Key("int64_loads"), w.Bool(d.int64Loads);
    } else if (r.selectedIndex) {
        const VkPhysicalDeviceProperties& p = r.devices[*r.selectedIndex].properties;
        w.Key("name"), w.String(p.deviceName);
    } else {
        w.Key("name"), w.Null();
    }
    w.EndObject();
}

void WriteFeatureLevel(JsonWriter& w, const InfoReport& r) {
    w.Key("feature_level");
    w.BeginObject();
    w.Key("max"), w.OptionalString(LevelKey(r.maxLevel));
    w.Key("highest_known"), w.String(FeatureLevelName(AllFeatureLevels().back()));
    w.Key("next"), w.OptionalString(LevelKey(r.nextLevel));
    w.Key("missing");
    w.BeginArray();
    for (const std::string& reason : r.missing) w.String(reason);
    w.EndArray();
    w.Key("requirements");
    w.BeginArray();
    for (const RequirementEntry& e : r.requirements) {
        w.BeginObject(true);
        w.Key("level"), w.String(FeatureLevelName(e.level));
        w.Key("requirement"), w.String(e.description);
        w.Key("met"), w.OptionalBool(e.met);
        w.EndObject();
    }
    w.EndArray();
    w.Key("tables"), w.String(FeatureLevelName(r.tableLevel));
    w.Key("tables_source"), w.String(LevelSourceKey(r.tableLevelSource));
    w.Key("note"), w.OptionalString(NonEmpty(r.tableLevelNote));
    w.EndObject();
}

void WriteDataTypes(JsonWriter& w, const InfoReport& r) {
    w.Key("data_types");
    w.BeginArray();
    for (const DataTypeEntry& e : r.dataTypes) {
        w.BeginObject(true);
        w.Key("name"), w.String(e.info->name);
        w.Key("value"), w.Number(uint64_t(e.info->type));
        w.Key("bits"), w.Number(e.info->bits);
        w.Key("supported"), w.OptionalBool(e.supported);
        w.Key("vulkan_feature"), w.String(e.vulkanFeature);
        w.EndObject();
    }
    w.EndArray();
}

void WriteTypeList(JsonWriter& w, const std::vector<DML_TENSOR_DATA_TYPE>& types) {
    w.BeginArray(true);
    for (DML_TENSOR_DATA_TYPE t : types) w.String(DataTypeName(t));
    w.EndArray();
}

void WriteOperators(JsonWriter& w, const InfoReport& r) {
    w.Key("operators");
    w.BeginArray();
    for (const OperatorEntry& op : r.operators) {
        w.BeginObject();
        w.Key("name"), w.String(op.schema->name);
        w.Key("extension"), w.Bool(op.schema->extension);
        w.Key("value"), w.Number(uint64_t(op.schema->type));
        w.Key("introduced"), w.String(FeatureLevelName(op.schema->introduced));
        w.Key("implemented"), w.Bool(op.implemented);
        w.Key("tensor_support"), w.String(TableStatusKey(op.status));
        w.Key("row_level");
        if (op.status == TableStatus::Shown) w.String(FeatureLevelName(op.rowLevel));
        else w.Null();
        w.Key("tensors");
        w.BeginArray();
        for (const TensorEntry& t : op.tensors) {
            w.BeginObject(true);
            w.Key("name"), w.String(t.row.tensor);
            w.Key("kind"), w.String(schema::TensorKindName(t.row.kind));
            w.Key("dimension_counts");
            w.BeginArray();
            for (unsigned n = t.row.minDims; n <= t.row.maxDims; ++n) w.Number(n);
            w.EndArray();
            w.Key("data_types");
            WriteTypeList(w, t.dataTypes);
            w.Key("not_on_device");
            WriteTypeList(w, t.notOnDevice);
            w.EndObject();
        }
        w.EndArray();
        w.EndObject();
    }
    w.EndArray();
}

}  // namespace

void PrintJson(const InfoReport& r) {
    JsonWriter w;
    w.BeginObject();
    w.Key("schema_version"), w.Number(1);
    w.Key("vkdml_version"), w.String(VKDML_VERSION_STRING);
    WriteDevices(w, r);
    WriteSelectedDevice(w, r);
    WriteFeatureLevel(w, r);
    WriteDataTypes(w, r);
    WriteOperators(w, r);
    w.EndObject();
    std::printf("%s\n", w.Text().c_str());
}

}  // namespace vkdml::info

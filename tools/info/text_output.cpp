// vkdml-info: the human-readable report. Tables are aligned like the DirectML documentation's and no line is
// wider than kWidth columns: a table's last column (data type lists, reasons) wraps onto continuation lines.
#include "info_report.h"

#include "core/feature_level.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace vkdml::info {
namespace {

constexpr size_t kWidth = 100;

std::string LevelName(DML_FEATURE_LEVEL level) { return std::string("DML_FEATURE_LEVEL_") + FeatureLevelName(level); }

// Greedy word wrap at spaces ("FLOAT32, FLOAT16, ..." breaks after a comma); a word longer than `width` is cut.
std::vector<std::string> Wrap(const std::string& text, size_t width) {
    width = std::max<size_t>(width, 8);
    std::vector<std::string> lines;
    std::string line;
    size_t i = 0;
    while (i < text.size()) {
        size_t end = text.find(' ', i);
        if (end == std::string::npos) end = text.size();
        std::string word = text.substr(i, end - i);
        i = end + 1;
        if (word.empty()) continue;
        while (word.size() > width) {
            if (!line.empty()) lines.push_back(line), line.clear();
            lines.push_back(word.substr(0, width));
            word.erase(0, width);
        }
        if (!line.empty() && line.size() + 1 + word.size() > width) lines.push_back(line), line.clear();
        line += (line.empty() ? "" : " ") + word;
    }
    if (!line.empty() || lines.empty()) lines.push_back(line);
    return lines;
}

// `first` on the first line, then `text` wrapped; continuation lines are indented to where the text started.
void PrintWrapped(const std::string& first, const std::string& text) {
    std::vector<std::string> lines = Wrap(text, kWidth - first.size());
    for (size_t i = 0; i < lines.size(); ++i)
        std::printf("%s%s\n", i == 0 ? first.c_str() : std::string(first.size(), ' ').c_str(), lines[i].c_str());
}

std::string Pad(const std::string& text, size_t width, bool right = false) {
    if (text.size() >= width) return text;
    std::string fill(width - text.size(), ' ');
    return right ? fill + text : text + fill;
}

std::string Truncate(const std::string& text, size_t width) {
    if (text.size() <= width) return text;
    return text.substr(0, width - 3) + "...";
}

struct Column {
    std::string header;
    bool right = false;
};

// An aligned table at `indent`, two spaces between columns; the last column wraps to fit kWidth.
void PrintTable(size_t indent, const std::vector<Column>& columns, const std::vector<std::vector<std::string>>& rows) {
    std::vector<size_t> widths(columns.size());
    for (size_t c = 0; c < columns.size(); ++c) {
        widths[c] = columns[c].header.size();
        if (c + 1 == columns.size()) break;   // the last column is not padded
        for (const auto& row : rows) widths[c] = std::max(widths[c], row[c].size());
    }
    size_t lastStart = indent;
    for (size_t c = 0; c + 1 < columns.size(); ++c) lastStart += widths[c] + 2;
    size_t lastWidth = kWidth > lastStart + 8 ? kWidth - lastStart : 8;

    auto printRow = [&](const std::vector<std::string>& cells) {
        std::string line(indent, ' ');
        for (size_t c = 0; c + 1 < columns.size(); ++c) line += Pad(cells[c], widths[c], columns[c].right) + "  ";
        std::vector<std::string> wrapped = Wrap(cells.back(), lastWidth);
        for (size_t i = 0; i < wrapped.size(); ++i) {
            std::string out = (i == 0 ? line : std::string(lastStart, ' ')) + wrapped[i];
            while (!out.empty() && out.back() == ' ') out.pop_back();
            std::printf("%s\n", out.c_str());
        }
    };
    std::vector<std::string> header;
    for (const Column& c : columns) header.push_back(c.header);
    printRow(header);
    for (const auto& row : rows) printRow(row);
}

std::string Join(const std::vector<DML_TENSOR_DATA_TYPE>& types) {
    std::string text;
    for (DML_TENSOR_DATA_TYPE t : types) text += (text.empty() ? "" : ", ") + std::string(DataTypeName(t));
    return text;
}

std::string Bytes(uint64_t bytes) {
    char text[64];
    if (bytes >= (uint64_t(1) << 30) && bytes % (uint64_t(1) << 30) == 0)
        std::snprintf(text, sizeof text, "%llu bytes (%llu GiB)", (unsigned long long)bytes,
                      (unsigned long long)(bytes >> 30));
    else if (bytes >= (uint64_t(1) << 20) && bytes % (uint64_t(1) << 20) == 0)
        std::snprintf(text, sizeof text, "%llu bytes (%llu MiB)", (unsigned long long)bytes,
                      (unsigned long long)(bytes >> 20));
    else
        std::snprintf(text, sizeof text, "%llu bytes", (unsigned long long)bytes);
    return text;
}

void PrintDevices(const InfoReport& r) {
    std::printf("Vulkan devices (* = the one vkdml's embedded default picks)\n");
    if (r.devices.empty()) {
        PrintWrapped("  none: ", r.enumerateError);
        return;
    }
    std::vector<std::vector<std::string>> rows;
    for (const DeviceEntry& d : r.devices)
        rows.push_back({d.isDefault ? "*" : "", std::to_string(d.index), Truncate(d.properties.deviceName, 36),
                        DeviceTypeName(d.properties.deviceType), VulkanVersionString(d.properties.apiVersion),
                        Truncate(d.driverName.empty() ? "?" : d.driverName, 18),
                        Truncate(d.driverInfo.empty() ? DriverVersionString(d.properties.vendorID,
                                                                            d.properties.driverVersion)
                                                      : d.driverInfo, 24)});
    PrintTable(2, {{""}, {"Index"}, {"Name"}, {"Type"}, {"Vulkan"}, {"Driver"}, {"Driver version"}}, rows);
    if (!r.envDevice.empty()) {
        if (r.enumerateError.empty())
            PrintWrapped("  ", "VKDML_DEVICE=" + r.envDevice + " chose the default.");
        else
            PrintWrapped("  ", "The default pick fails: " + r.enumerateError);
    }
}

void PrintSelectedDevice(const InfoReport& r) {
    if (!r.selectedIndex && !r.created) {
        PrintWrapped("Selected device: none - ", r.deviceError);
        return;
    }
    std::string index = r.selectedIndex ? std::to_string(*r.selectedIndex) : "?";
    if (!r.created) {
        const VkPhysicalDeviceProperties& p = r.devices[*r.selectedIndex].properties;
        PrintWrapped("Selected device " + index + ": ", std::string(p.deviceName) + " - could not be created: " +
                                                            r.deviceError);
        return;
    }
    const VKDML_DEVICE_INFO& d = r.deviceInfo;
    PrintWrapped("Selected device " + index + ": ", d.deviceName);
    std::vector<std::vector<std::string>> rows;
    std::string driver = d.driverName[0] ? std::string(d.driverName) + ", " : std::string();
    std::string version = d.driverInfo[0] ? std::string(d.driverInfo) : DriverVersionString(d.vendorID, d.driverVersion);
    rows.push_back({"Driver", driver + version});
    char ids[64];
    std::snprintf(ids, sizeof ids, "0x%04x / 0x%04x", d.vendorID, d.deviceID);
    rows.push_back({"Vendor / device ID", ids});
    rows.push_back({"Type, Vulkan version", std::string(DeviceTypeName(d.deviceType)) + ", " +
                                                VulkanVersionString(d.apiVersion)});
    rows.push_back({"maxStorageBufferRange", Bytes(d.maxStorageBufferRange)});
    rows.push_back({"minStorageBufferOffsetAlignment", std::to_string(d.minStorageBufferOffsetAlignment) + " bytes"});
    rows.push_back({"maxComputeWorkGroupCount", std::to_string(d.maxComputeWorkGroupCount[0]) + " x " +
                                                    std::to_string(d.maxComputeWorkGroupCount[1]) + " x " +
                                                    std::to_string(d.maxComputeWorkGroupCount[2])});
    rows.push_back({"shaderInt64", d.int64Loads ? "enabled: kernels load and store 64-bit words" : "not used"});
    PrintTable(2, {{"Property"}, {"Value"}}, rows);
}

void PrintFeatureLevels(const InfoReport& r) {
    std::printf("DML feature level\n");
    if (r.maxLevel) {
        std::string text = LevelName(*r.maxLevel);
        if (!r.nextLevel) text += " - the highest level vkdml knows; no higher level exists";
        PrintWrapped("  Highest supported:  ", text);
    } else {
        PrintWrapped("  Highest supported:  ", "none (no usable device)");
    }
    if (r.nextLevel)
        for (const std::string& reason : r.missing)
            PrintWrapped(Pad("  Missing for " + std::string(FeatureLevelName(*r.nextLevel)) + ":", 22), reason);
    std::printf("  Requirements (a level needs every requirement listed at or below it):\n");
    std::vector<std::vector<std::string>> rows;
    for (const RequirementEntry& e : r.requirements)
        rows.push_back({std::string(FeatureLevelName(e.level)) + "+", e.met ? (*e.met ? "yes" : "NO") : "?",
                        e.description});
    PrintTable(4, {{"Level"}, {"Met"}, {"Requirement"}}, rows);
}

void PrintDataTypes(const InfoReport& r) {
    std::printf("Tensor data types (DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT)\n");
    std::vector<std::vector<std::string>> rows;
    for (const DataTypeEntry& e : r.dataTypes)
        rows.push_back({e.info->name, std::to_string(int(e.info->type)), std::to_string(e.info->bits),
                        e.supported ? (*e.supported ? "yes" : "no") : "? (no device)", e.vulkanFeature});
    PrintTable(2, {{"Data type"}, {"Value", true}, {"Bits", true}, {"Supported"}, {"Vulkan feature needed"}}, rows);
}

std::string StatusText(const OperatorEntry& op, DML_FEATURE_LEVEL level) {
    switch (op.status) {
        case TableStatus::Shown: return "table below";
        case TableStatus::NotRecorded: return "not recorded";
        case TableStatus::NotIntroduced: return "newer than " + std::string(FeatureLevelName(level));
        case TableStatus::NoRowAtLevel: return "no row at " + std::string(FeatureLevelName(level));
    }
    return "?";
}

void PrintOperatorSummary(const InfoReport& r) {
    std::printf("Operators (DML_OPERATOR_TYPE): %zu; tensor support at %s\n", r.operators.size(),
                LevelName(r.tableLevel).c_str());
    std::vector<std::vector<std::string>> rows;
    for (const OperatorEntry& op : r.operators)
        rows.push_back({op.schema->name, std::to_string(int(op.schema->type)), FeatureLevelName(op.schema->introduced),
                        op.implemented ? "yes" : "no", StatusText(op, r.tableLevel)});
    PrintTable(2, {{"Operator"}, {"Value", true}, {"Introduced"}, {"Implemented"}, {"Tensor support"}}, rows);
}

void PrintOperatorTable(const InfoReport& r, const OperatorEntry& op) {
    std::printf("%s%s (value %d)\n", schema::OperatorPrefix(*op.schema), op.schema->name, int(op.schema->type));
    PrintWrapped("  ", "Introduced in " + LevelName(op.schema->introduced) + "; " +
                           (op.implemented ? "implemented by vkdml." : "not implemented by vkdml."));
    switch (op.status) {
        case TableStatus::NotRecorded:
            std::printf("  Tensor support not recorded.\n");
            return;
        case TableStatus::NotIntroduced:
            PrintWrapped("  ", "Not available at " + LevelName(r.tableLevel) + ": the operator is newer.");
            return;
        case TableStatus::NoRowAtLevel:
            PrintWrapped("  ", "Tensor support not recorded for " + LevelName(r.tableLevel) +
                                   " (the recorded table starts at " + LevelName(op.schema->rows.back().level) + ").");
            return;
        case TableStatus::Shown: break;
    }
    PrintWrapped("  ", "Tensor support at " + LevelName(r.tableLevel) + " (table \"" + FeatureLevelName(op.rowLevel) +
                           " and above\"), " + (r.created ? "data types on this device:" : "all data types (no device):"));
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> notes;
    for (const TensorEntry& t : op.tensors) {
        rows.push_back({t.row.tensor, schema::TensorKindName(t.row.kind), DimensionCountsText(t.row),
                        t.dataTypes.empty() ? "none on this device" : Join(t.dataTypes)});
        if (!t.notOnDevice.empty())
            notes.push_back(std::string(t.row.tensor) + ": " + Join(t.notOnDevice));
    }
    PrintTable(2, {{"Tensor"}, {"Kind"}, {"Supported dimension counts"}, {"Supported data types"}}, rows);
    for (const std::string& note : notes) PrintWrapped("  Not on this device: ", note);
}

}  // namespace

void PrintText(const InfoReport& r) {
    if (!r.narrowed) {
        PrintDevices(r);
        std::printf("\n");
        PrintSelectedDevice(r);
        std::printf("\n");
        PrintFeatureLevels(r);
        std::printf("\n");
        PrintDataTypes(r);
        std::printf("\n");
    } else {
        if (r.created)
            PrintWrapped("Device: ", std::to_string(r.selectedIndex.value_or(0)) + " " + r.deviceInfo.deviceName +
                                         (r.maxLevel ? " (highest feature level " + LevelName(*r.maxLevel) + ")"
                                                     : std::string()));
        else
            PrintWrapped("Device: ", "none - " + r.deviceError);
    }
    if (!r.tableLevelNote.empty()) {
        PrintWrapped("Note: ", r.tableLevelNote);
        std::printf("\n");
    } else if (r.narrowed) {
        std::printf("\n");
    }
    if (!r.narrowed) {
        PrintOperatorSummary(r);
        std::printf("\n");
    }
    bool first = true;
    for (const OperatorEntry& op : r.operators) {
        if (!r.narrowed && op.status != TableStatus::Shown) continue;   // the summary said why
        if (!first) std::printf("\n");
        first = false;
        PrintOperatorTable(r, op);
    }
}

}  // namespace vkdml::info

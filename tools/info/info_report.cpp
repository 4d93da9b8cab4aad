// vkdml-info: gathers the report from the library - devices through the public API, everything else from the
// internal tables (schema, feature levels, data types, device capabilities, operator registry).
#include "info_report.h"

#include "core/feature_level.h"
#include "ops/operator_registry.h"
#include "vk/device_capabilities.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace vkdml::info {
namespace {

std::string LastError(VKDML_STATUS status) {
    std::string message = vkdmlGetLastErrorMessage();
    if (message.empty()) message = vkdmlStatusName(status);
    return message;
}

// The order DirectML's documentation lists data types in: floats, signed, unsigned; widest first. Derived from
// the data-type table, so a new type lands in its place.
std::vector<const DataTypeInfo*> DocOrder() {
    std::vector<const DataTypeInfo*> types;
    for (const DataTypeInfo& info : AllDataTypes()) types.push_back(&info);
    auto group = [](const DataTypeInfo* t) { return t->isFloat ? 0 : t->isSigned ? 1 : 2; };
    std::stable_sort(types.begin(), types.end(), [&](const DataTypeInfo* a, const DataTypeInfo* b) {
        if (group(a) != group(b)) return group(a) < group(b);
        return a->bits > b->bits;
    });
    return types;
}

// The count-then-fill enumeration; false with *error on failure. *chosen is UINT32_MAX when VKDML_DEVICE names no
// device: the list is still shown, and the default pick reported as failing.
bool Enumerate(std::vector<VKDML_PHYSICAL_DEVICE_INFO>* devices, uint32_t* chosen, std::string* error) {
    uint32_t count = 0;
    VKDML_STATUS status = vkdmlEnumerateDefaultDevices(&count, nullptr, chosen);
    if (status == VKDML_SUCCESS && count) {
        devices->resize(count);
        status = vkdmlEnumerateDefaultDevices(&count, devices->data(), nullptr);
        devices->resize(count);
    }
    if (status != VKDML_SUCCESS) {
        devices->clear();
        *error = LastError(status);
        return false;
    }
    return true;
}

void EnumerateDevices(InfoReport* report) {
    const char* env = std::getenv("VKDML_DEVICE");
    report->envDevice = env ? env : "";
    std::vector<VKDML_PHYSICAL_DEVICE_INFO> devices;
    uint32_t chosen = UINT32_MAX;
    Enumerate(&devices, &chosen, &report->enumerateError);
    if (!devices.empty() && chosen == UINT32_MAX && report->enumerateError.empty())
        report->enumerateError = "VKDML_DEVICE=" + report->envDevice + " matches no Vulkan device";
    for (uint32_t i = 0; i < devices.size(); ++i)
        report->devices.push_back({i, devices[i].properties, devices[i].driverName, devices[i].driverInfo, i == chosen});
    if (report->devices.empty() && report->enumerateError.empty())
        report->enumerateError = "no Vulkan physical device found";
}

void CreateSelectedDevice(const Options& options, InfoReport* report) {
    if (report->devices.empty()) {
        report->deviceError = report->enumerateError.empty() ? "no Vulkan physical device found"
                                                              : report->enumerateError;
        return;
    }
    VKDML_DEFAULT_DEVICE_DESC desc{};
    desc.physicalDeviceIndex = options.device ? int32_t(*options.device) : -1;
    VkdmlDevice device = nullptr;
    VKDML_STATUS status = vkdmlCreateDefaultDevice(&desc, &device);
    if (status != VKDML_SUCCESS) {
        report->deviceError = LastError(status);
        return;
    }
    status = vkdmlGetDeviceInfo(device, &report->deviceInfo);
    if (status == VKDML_SUCCESS) {
        report->created = true;
        // DirectML's question, asked as DirectML asks it: the highest of all known levels the device supports.
        std::vector<DML_FEATURE_LEVEL> levels(AllFeatureLevels().begin(), AllFeatureLevels().end());
        DML_FEATURE_QUERY_FEATURE_LEVELS query{UINT(levels.size()), levels.data()};
        DML_FEATURE_DATA_FEATURE_LEVELS answer{};
        if (vkdmlCheckFeatureSupport(device, DML_FEATURE_FEATURE_LEVELS, sizeof query, &query, sizeof answer,
                                     &answer) == VKDML_SUCCESS)
            report->maxLevel = answer.MaxSupportedFeatureLevel;
        for (DataTypeEntry& entry : report->dataTypes) {
            DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT typeQuery{entry.info->type};
            DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT typeAnswer{};
            if (vkdmlCheckFeatureSupport(device, DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT, sizeof typeQuery, &typeQuery,
                                         sizeof typeAnswer, &typeAnswer) == VKDML_SUCCESS)
                entry.supported = typeAnswer.IsSupported != FALSE;
        }
        if (!report->selectedIndex) {
            // The default pick (VKDML_DEVICE or the ranking): find it in the list by its identity.
            for (const DeviceEntry& d : report->devices)
                if (d.properties.vendorID == report->deviceInfo.vendorID &&
                    d.properties.deviceID == report->deviceInfo.deviceID &&
                    std::string_view(d.properties.deviceName) == report->deviceInfo.deviceName) {
                    report->selectedIndex = d.index;
                    break;
                }
        }
    } else {
        report->deviceError = LastError(status);
    }
    vkdmlRelease(device, nullptr);
}

void ExplainFeatureLevel(InfoReport* report) {
    std::optional<DeviceCapabilities> caps;
    if (report->selectedIndex) caps = CapabilitiesOf(report->devices[*report->selectedIndex].properties);

    for (const FeatureLevelRequirement& r : AllFeatureLevelRequirements()) {
        RequirementEntry entry{r.level, r.description, std::nullopt};
        if (caps) entry.met = r.met(*caps);
        report->requirements.push_back(entry);
    }

    // The level above the device's: none once it has the highest level vkdml knows; 1_0 without a device.
    if (report->maxLevel) {
        for (DML_FEATURE_LEVEL level : AllFeatureLevels())
            if (level > *report->maxLevel) {
                report->nextLevel = level;
                break;
            }
    } else {
        report->nextLevel = AllFeatureLevels().front();
    }
    if (caps) {
        // Why: the requirement table's answer for the device's properties (also when creating it failed).
        MaxFeatureLevel(*caps, &report->missing);
        if (report->missing.empty() && report->maxLevel && report->nextLevel)
            report->missing.push_back(std::string("DML_FEATURE_LEVEL_") + FeatureLevelName(*report->nextLevel) + ": " +
                                      DescribeMissing(*caps, *report->nextLevel));
    }
    if (!report->created) report->missing.push_back("no usable Vulkan device: " + report->deviceError);
}

void ChooseTableLevel(const Options& options, InfoReport* report) {
    if (options.featureLevel) {
        report->tableLevel = *options.featureLevel;
        report->tableLevelSource = LevelSource::Option;
        if (report->maxLevel && *options.featureLevel > *report->maxLevel) {
            std::string why;
            if (report->selectedIndex)
                why = " (" + DescribeMissing(CapabilitiesOf(report->devices[*report->selectedIndex].properties),
                                             *options.featureLevel) + ")";
            report->tableLevelNote = std::string("the device supports only up to DML_FEATURE_LEVEL_") +
                                     FeatureLevelName(*report->maxLevel) + why +
                                     "; vkdml rejects operators at a higher level on it";
        }
    } else if (report->maxLevel) {
        report->tableLevel = *report->maxLevel;
        report->tableLevelSource = LevelSource::Device;
    } else {
        report->tableLevel = AllFeatureLevels().back();
        report->tableLevelSource = LevelSource::Assumed;
        report->tableLevelNote = std::string("no device feature level: assumed DML_FEATURE_LEVEL_") +
                                 FeatureLevelName(report->tableLevel) +
                                 " (the highest vkdml knows); choose one with --feature-level";
    }
}

void DescribeOperators(const Options& options, InfoReport* report) {
    std::vector<const DataTypeInfo*> order = DocOrder();
    auto supported = [&](DML_TENSOR_DATA_TYPE type) -> std::optional<bool> {
        for (const DataTypeEntry& e : report->dataTypes)
            if (e.info->type == type) return e.supported;
        return std::nullopt;
    };
    report->narrowed = options.op != nullptr || options.implementedOnly;
    for (const schema::OperatorSchema& op : schema::AllOperatorSchemas()) {
        if (op.type == DML_OPERATOR_INVALID) continue;   // a sentinel, not an operator
        if (options.op && options.op != &op) continue;
        OperatorEntry entry;
        entry.schema = &op;
        entry.implemented = FindImplementation(op.type) != nullptr;
        if (options.implementedOnly && !entry.implemented) continue;
        std::vector<schema::TensorSupportRow> rows = schema::RowsAt(op, report->tableLevel);
        if (report->tableLevel < op.introduced) {
            entry.status = TableStatus::NotIntroduced;
        } else if (op.rows.empty()) {
            entry.status = TableStatus::NotRecorded;
        } else if (rows.empty()) {
            entry.status = TableStatus::NoRowAtLevel;
        } else {
            entry.status = TableStatus::Shown;
            entry.rowLevel = rows.front().level;
            for (const schema::TensorSupportRow& row : rows) {
                TensorEntry tensor{row, {}, {}};
                for (const DataTypeInfo* t : order) {
                    if (!(row.dataTypes & DataTypeBit(t->type))) continue;
                    if (supported(t->type).value_or(true))
                        tensor.dataTypes.push_back(t->type);
                    else
                        tensor.notOnDevice.push_back(t->type);
                }
                entry.tensors.push_back(std::move(tensor));
            }
        }
        report->operators.push_back(std::move(entry));
    }
}

}  // namespace

int GatherReport(const Options& options, InfoReport* report, std::string* error) {
    // What vkdml itself supports, per type, whatever the device: the capability table says no data type needs a
    // Vulkan feature, so the answer does not depend on the capabilities passed here.
    for (const DataTypeInfo* t : DocOrder()) {
        DataTypeEntry entry{t, std::nullopt, {}};
        entry.vulkanFeature = IsDataTypeSupported(DeviceCapabilities{}, t->type)
                                  ? "none: vkdml moves every data type as 32-bit words"
                                  : "n/a: vkdml supports this type on no device";
        report->dataTypes.push_back(entry);
    }

    EnumerateDevices(report);
    if (options.device) {
        if (!report->devices.empty() && *options.device >= report->devices.size()) {
            *error = "--device " + std::to_string(*options.device) + ": there " +
                     (report->devices.size() == 1 ? "is 1 Vulkan device (index 0)"
                                                  : "are " + std::to_string(report->devices.size()) +
                                                        " Vulkan devices (0 to " +
                                                        std::to_string(report->devices.size() - 1) + ")");
            return kExitUsage;
        }
        if (!report->devices.empty()) report->selectedIndex = *options.device;
    } else {
        for (const DeviceEntry& d : report->devices)
            if (d.isDefault) report->selectedIndex = d.index;
    }
    CreateSelectedDevice(options, report);
    ExplainFeatureLevel(report);
    ChooseTableLevel(options, report);
    DescribeOperators(options, report);
    return report->created ? kExitOk : kExitNoDevice;
}

// ---- Shared formatting helpers ----

const char* DeviceTypeName(VkPhysicalDeviceType type) {
    switch (type) {
        case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return "discrete GPU";
        case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return "integrated GPU";
        case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return "virtual GPU";
        case VK_PHYSICAL_DEVICE_TYPE_CPU: return "CPU";
        default: return "other";
    }
}

const char* DeviceTypeKey(VkPhysicalDeviceType type) {
    switch (type) {
        case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return "discrete_gpu";
        case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return "integrated_gpu";
        case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return "virtual_gpu";
        case VK_PHYSICAL_DEVICE_TYPE_CPU: return "cpu";
        default: return "other";
    }
}

std::string VulkanVersionString(uint32_t v) {
    char text[32];
    std::snprintf(text, sizeof text, "%u.%u.%u", VK_API_VERSION_MAJOR(v), VK_API_VERSION_MINOR(v),
                  VK_API_VERSION_PATCH(v));
    return text;
}

// Driver versions are vendor-encoded; NVIDIA's is 10.8.8.6 bits, most others (Mesa, SwiftShader) use Vulkan's.
std::string DriverVersionString(uint32_t vendorID, uint32_t v) {
    char text[48];
    if (vendorID == 0x10DE)
        std::snprintf(text, sizeof text, "%u.%u.%u.%u", v >> 22, (v >> 14) & 0xFF, (v >> 6) & 0xFF, v & 0x3F);
    else
        std::snprintf(text, sizeof text, "%u.%u.%u", VK_API_VERSION_MAJOR(v), VK_API_VERSION_MINOR(v),
                      VK_API_VERSION_PATCH(v));
    return text;
}

std::string DimensionCountsText(const schema::TensorSupportRow& row) {
    if (row.minDims == row.maxDims) return std::to_string(row.minDims);
    return std::to_string(row.minDims) + " to " + std::to_string(row.maxDims);
}

const char* TableStatusKey(TableStatus status) {
    switch (status) {
        case TableStatus::Shown: return "shown";
        case TableStatus::NotRecorded: return "not_recorded";
        case TableStatus::NotIntroduced: return "not_introduced";
        case TableStatus::NoRowAtLevel: return "no_row_at_level";
    }
    return "?";
}

const char* LevelSourceKey(LevelSource source) {
    switch (source) {
        case LevelSource::Option: return "option";
        case LevelSource::Device: return "device";
        case LevelSource::Assumed: return "assumed";
    }
    return "?";
}

}  // namespace vkdml::info

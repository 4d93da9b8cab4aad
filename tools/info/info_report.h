// vkdml-info: what the command line asked for, and everything the tool prints, gathered once. The text and JSON
// writers only format an InfoReport; every fact in it comes from the library (public API for devices, the schema,
// feature-level, data-type and capability tables for the rest), never from a copy kept here.
#pragma once

#include <vkdml/vkdml.h>

#include "core/data_type.h"
#include "schema/operator_schema.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace vkdml::info {

// Exit codes, as documented in --help.
constexpr int kExitOk = 0;
constexpr int kExitNoDevice = 1;   // no Vulkan device, or the selected one could not be created
constexpr int kExitUsage = 2;      // unknown flag, operator, feature level or device index

struct Options {
    bool help = false;
    bool json = false;
    std::optional<uint32_t> device;                       // --device N
    std::optional<DML_FEATURE_LEVEL> featureLevel;        // --feature-level X_Y
    const schema::OperatorSchema* op = nullptr;           // --op NAME
    bool implementedOnly = false;                         // --implemented
};

// Parses argv. On a usage error returns false with *error set (the caller prints it and exits kExitUsage).
bool ParseArguments(int argc, char** argv, Options* options, std::string* error);
void PrintHelp(const char* program);

struct DeviceEntry {
    uint32_t index = 0;
    VkPhysicalDeviceProperties properties{};
    std::string driverName;   // "" before Vulkan 1.2
    std::string driverInfo;
    bool isDefault = false;   // the one vkdmlCreateDefaultDevice picks without physicalDeviceIndex
};

struct RequirementEntry {
    DML_FEATURE_LEVEL level;
    std::string description;
    std::optional<bool> met;   // unknown without a selected device
};

struct DataTypeEntry {
    const DataTypeInfo* info = nullptr;
    std::optional<bool> supported;   // DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT; unknown without a device
    std::string vulkanFeature;       // "none: ..." - what the type needs from Vulkan
};

struct TensorEntry {
    schema::TensorSupportRow row{};
    std::vector<DML_TENSOR_DATA_TYPE> dataTypes;     // the row's types the device supports, in doc order
    std::vector<DML_TENSOR_DATA_TYPE> notOnDevice;   // the row's types the device does not support
};

enum class TableStatus {
    Shown,           // the rows in force at the level are in `tensors`
    NotRecorded,     // the schema has no tensor-support table for this operator
    NotIntroduced,   // the operator is newer than the level
    NoRowAtLevel,    // a table is recorded, but its oldest row is newer than the level
};

struct OperatorEntry {
    const schema::OperatorSchema* schema = nullptr;
    bool implemented = false;   // FindImplementation(type) != nullptr
    TableStatus status = TableStatus::NotRecorded;
    DML_FEATURE_LEVEL rowLevel = DML_FEATURE_LEVEL(0);   // the "X and above" row in force (status Shown)
    std::vector<TensorEntry> tensors;
};

enum class LevelSource { Option, Device, Assumed };

struct InfoReport {
    // Devices, as vkdmlEnumerateDefaultDevices lists them.
    std::vector<DeviceEntry> devices;
    std::string enumerateError;    // why the list is empty or has no default, "" if fine
    std::string envDevice;         // the VKDML_DEVICE value, "" if unset

    // The selected device.
    std::optional<uint32_t> selectedIndex;
    bool created = false;
    VKDML_DEVICE_INFO deviceInfo{};
    std::string deviceError;       // why there is no device, "" if created

    // Feature levels.
    std::optional<DML_FEATURE_LEVEL> maxLevel;   // the device's highest level (only with a created device)
    std::optional<DML_FEATURE_LEVEL> nextLevel;  // the level above maxLevel, if one exists
    std::vector<std::string> missing;            // why maxLevel is not higher (or why there is no level at all)
    std::vector<RequirementEntry> requirements;
    DML_FEATURE_LEVEL tableLevel = DML_FEATURE_LEVEL(0);   // the level the tensor tables are shown at
    LevelSource tableLevelSource = LevelSource::Assumed;
    std::string tableLevelNote;                  // e.g. "the device supports only up to 4_1"

    std::vector<DataTypeEntry> dataTypes;        // in the doc order (FLOAT64, FLOAT32, ... UINT8, UINT4)
    bool narrowed = false;                       // --op given
    std::vector<OperatorEntry> operators;
};

// Gathers the report. Returns kExitUsage with *error set for a --device index out of range; otherwise the exit code
// the tool ends with (kExitNoDevice when there is no usable device, after everything else has been printed).
int GatherReport(const Options& options, InfoReport* report, std::string* error);

void PrintText(const InfoReport& report);
void PrintJson(const InfoReport& report);

// Shared formatting helpers.
const char* DeviceTypeName(VkPhysicalDeviceType type);        // "discrete GPU", "CPU", ...
const char* DeviceTypeKey(VkPhysicalDeviceType type);         // "discrete_gpu", "cpu", ... (JSON)
std::string VulkanVersionString(uint32_t version);             // "1.3.230"
std::string DriverVersionString(uint32_t vendorID, uint32_t version);
std::string DimensionCountsText(const schema::TensorSupportRow& row);   // "4", "4 to 5"
const char* TableStatusKey(TableStatus status);                // JSON "tensor_support" values
const char* LevelSourceKey(LevelSource source);

}  // namespace vkdml::info

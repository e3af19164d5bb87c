#pragma once
// Internal to model/: reading and writing the parts of a design document. DesignFile puts
// them together into a file; the edit journal writes single objects with the same code.

#include "../DesignData.h"
#include "../Progress.h"
#include "Json.h"
#include "JsonWriter.h"

namespace cds::json {

using OJson = nlohmann::ordered_json;

inline constexpr long long kMaxId = 50'000'000;
inline constexpr double kMaxCoordMm = 10'000'000; // 10 km: any real hall fits

/// meta, hall, settings, fabrics: the keys that come before the catalog in a file.
void writeHead(OJson& doc, const DesignData& d);
/// priceOverrides, waivers: the keys that come after the links.
void writeTail(OJson& doc, const DesignData& d);
/// Reads whichever of the head and tail keys are present (hall is required).
void readProps(DesignData& d, const Json& doc);
/// readProps in its two halves: the head keys, which the racks, devices and links are read
/// against, and the tail keys, which nothing else reads (so a streamed file reads them last).
void readHead(DesignData& d, const Json& doc);
void readTail(DesignData& d, const Json& doc);

/// The whole design document, as a file holds it (defined in DesignFile.cpp). @p span, when
/// given, counts the racks, devices and links written and cancels by throwing Cancelled.
void writeDocument(JsonWriter& w, const DesignData& d, const ProgressSpan* span = nullptr);
/// The scenarios as a file holds them, each a nested design document (defined with the
/// document code in DesignFile.cpp; the edit journal writes them the same way).
void writeScenarios(JsonWriter& w, const DesignData& d);
/// Appends the scenarios in @p list to @p d; errors name the place inside the outer file.
void readScenarios(DesignData& d, const Json& list);

/// The power chain (PowerJson.cpp): written between the pathways and the racks, only when
/// the design has one; read before the racks, whose feeds name its elements.
void writePower(JsonWriter& w, const DesignData& d);
void readPower(DesignData& d, const Json& v);

/// settings.addressing (AddressingJson.cpp): written only when not the defaults.
OJson writeAddressing(const AddressPools& a);
AddressPools readAddressing(const Json& v, const std::string& ptr);

// Each writes one object (a link: one row) to @p w: the one place that knows its keys.
void writePathway(JsonWriter& w, PathwayId id, const Pathway& p);
void writeRack(JsonWriter& w, const DesignData& d, RackId id, const Rack& r);
void writeDevice(JsonWriter& w, const DesignData& d, DeviceId id, const Device& v);
void writeLinkRow(JsonWriter& w, const DesignData& d, LinkId id, const Link& l);
inline const char* const kLinkColumns[] = {"id",    "a",      "aPort",       "b",
                                           "bPort", "fabric", "pinnedMedium"};

/// Readers: validate against @p d (catalog, racks, devices and fabrics already read) and
/// throw FieldError naming the pointer. They do not check that the id is free.
Pathway readPathway(const DesignData& d, const Json& v, const std::string& ptr, PathwayId& id);
Rack readRack(const DesignData& d, const Json& v, const std::string& ptr, RackId& id);
Device readDevice(const DesignData& d, const Json& v, const std::string& ptr, DeviceId& id);
Link readLinkRow(const DesignData& d, const Json& row, const std::string& ptr, LinkId& id);
/// readLinkRow for a row with nothing to report, without building any JSON pointer: false
/// for anything unusual (a pinned medium, a wrong type, a dangling id), which readLinkRow then
/// reads or words the error for. Keeps large files fast to open.
bool tryReadLinkRow(const DesignData& d, const Json& row, LinkId& id, Link& out);
/// tryReadLinkRow for a row the stream reader scanned into @p n cells, each an unsigned
/// integer or kNullCell: the same rows succeed, with the same link.
bool tryReadLinkCells(const DesignData& d, const std::int64_t* cells, std::size_t n, LinkId& id,
                      Link& out);

} // namespace cds::json

# macOS disk image (DragNDrop), used when packaging on macOS with macdeployqt'd Qt.
set(CPACK_DMG_VOLUME_NAME "Cluster Design Studio")
set(CPACK_DMG_FORMAT UDZO)
set(CPACK_BUNDLE_NAME "Cluster Design Studio")
# The bundle's Info.plist declares the design-file type (UTI io.github.clusterdesignstudio.design,
# conforming to public.json, extension cds.json).
set(CPACK_DMG_SLA_USE_RESOURCE_FILE_LICENSE OFF)

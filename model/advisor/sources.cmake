# The workload advisor: training and inference sizing, the seed's size guide, their JSON.
target_sources(cds_model PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/Workload.cpp ${CMAKE_CURRENT_LIST_DIR}/Workload.h
  ${CMAKE_CURRENT_LIST_DIR}/ClusterFacts.cpp ${CMAKE_CURRENT_LIST_DIR}/ClusterFacts.h
  ${CMAKE_CURRENT_LIST_DIR}/TrainingAdvisor.cpp ${CMAKE_CURRENT_LIST_DIR}/TrainingAdvisor.h
  ${CMAKE_CURRENT_LIST_DIR}/InferenceAdvisor.cpp ${CMAKE_CURRENT_LIST_DIR}/InferenceAdvisor.h
  ${CMAKE_CURRENT_LIST_DIR}/SizeGuide.cpp ${CMAKE_CURRENT_LIST_DIR}/SizeGuide.h
  ${CMAKE_CURRENT_LIST_DIR}/Advice.cpp ${CMAKE_CURRENT_LIST_DIR}/Advice.h
  ${CMAKE_CURRENT_LIST_DIR}/AdvisorJson.cpp ${CMAKE_CURRENT_LIST_DIR}/AdvisorJson.h
  ${CMAKE_CURRENT_LIST_DIR}/PhaseCapability.cpp ${CMAKE_CURRENT_LIST_DIR}/PhaseCapability.h
)

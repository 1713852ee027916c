// The part of dcmjs (0.52, no types of its own) the worklist writer uses.
declare module "dcmjs" {
  type Dataset = Record<string, unknown>;
  interface DicomDictInstance {
    dict: Dataset;
    write(): ArrayBuffer;
  }
  const dcmjs: {
    data: {
      DicomDict: new (meta: Dataset) => DicomDictInstance;
      DicomMetaDictionary: { denaturalizeDataset(dataset: Dataset): Dataset };
    };
  };
  export default dcmjs;
}

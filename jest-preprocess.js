const babelOptions = {
  presets: [
    ["babel-preset-gatsby", { reactRuntime: "automatic", reactImportSource: "@emotion/react" }],
    "@babel/preset-typescript",
  ],
};

module.exports = require("babel-jest").default.createTransformer(babelOptions);
